package io.graphperf.cli;

import com.tngtech.archunit.core.domain.JavaClass;
import io.graphperf.core.engine.EngineDescriptor;
import io.graphperf.core.measure.Executor;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static com.tngtech.archunit.core.domain.JavaAccess.Predicates.target;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The architecture's rules (docs/layout.md), checked on every module's main classes: arrows run down only (cli → workloads → studies →
 * core, engines → studies; engines → the Neo4j plugins and the gateway client (io.graphperf.components) → core; the workloads reach engines through core's SPI and the studies' dialects,
 * Kafka's broker directly), an engine's classes are named only by its own module and the CLI, no cycle between packages, and
 * only the CLI and the engine hosts' child processes write to the console, no public static that can be changed, no record of more than
 * {@value #MOST_COMPONENTS} components. Each rule is also run on a class made to break it, so
 * a rule that cannot fail is caught.
 */
class ArchitectureTest {

    private static final String ROOT = "io.graphperf";
    /**
     * Graph engines, found: each package under io.graphperf.engines that holds an {@link EngineDescriptor} (and Neo4j's, the engine the
     * CLI starts without one). Their classes are named by their own module and the CLI only (Kafka's broker is a tool E5 starts, not an
     * engine; engines.hosted is what the hosted engines share). A new engine needs no line here.
     */
    private static List<String> engines;
    /** A record with more components than this is written in named parts (RunResult's About, Setup, Findings; Cell's Key, Tag, Measured). */
    static final int MOST_COMPONENTS = 12;
    private static JavaClasses main;

    @BeforeAll
    static void importEveryModule() {
        main = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption((Location l) -> !l.contains("-tests.jar")).importPackages(ROOT);
        Set<String> modules = new TreeSet<>();
        main.forEach(c -> modules.add(c.getPackageName().replaceFirst("^io\\.graphperf\\.([a-z0-9]+).*", "$1")));
        // a rule over classes that were not found would pass for nothing
        assertTrue(modules.containsAll(List.of("core", "studies", "components", "engines", "workloads", "cli", "storage", "datagen")), "modules read: " + modules);
        for (String m : List.of("batchwriter", "cdc", "gateway")) {
            assertTrue(main.containPackage(ROOT + ".components." + m), "components." + m + " read");
        }
        Set<String> found = new TreeSet<>(List.of("neo4j"));
        main.stream().filter(c -> c.isAssignableTo(EngineDescriptor.class) && !c.isInterface())
                .forEach(c -> found.add(c.getPackageName().replaceFirst("^io\\.graphperf\\.engines\\.([a-z0-9]+).*", "$1")));
        engines = List.copyOf(found);
        assertTrue(engines.containsAll(List.of("neo4j", "orientdb", "kuzu", "arcadedb", "falkordb", "ladybug")), "engines found: " + engines);
        for (String e : engines) assertTrue(main.containPackage(ROOT + ".engines." + e), "engines." + e + " read");
    }

    static List<ArchRule> arrowsRunDown() {
        return List.of(
                mayNotUse("core", "studies", "components", "engines", "workloads", "cli", "storage", "datagen"),
                mayNotUse("studies", "components", "engines", "workloads", "cli", "storage", "datagen"),
                mayNotUse("components", "engines", "workloads", "cli", "storage", "datagen"),
                mayNotUse("engines", "workloads", "cli", "storage", "datagen"),
                mayNotUse("storage", "components", "engines", "workloads", "cli", "datagen"),
                mayNotUse("datagen", "components", "engines", "workloads", "cli", "storage"),
                mayNotUse("workloads", "cli"));
    }

    private static ArchRule mayNotUse(String layer, String... above) {
        String[] packages = new String[above.length];
        for (int i = 0; i < above.length; i++) packages[i] = ROOT + "." + above[i] + "..";
        return noClasses().that().resideInAPackage(ROOT + "." + layer + "..").should().dependOnClassesThat().resideInAnyPackage(packages)
                .because(layer + " sits below " + String.join(", ", above) + " (docs/layout.md)");
    }

    static List<ArchRule> enginesStayInTheirModules() {
        return engines.stream().map(e -> {
            List<String> allowed = new ArrayList<>(List.of(ROOT + ".engines." + e + "..", ROOT + ".cli.."));
            if (e.equals("kuzu")) allowed.add(ROOT + ".engines.ladybug.."); // LadybugDB, Kuzu's fork, loads through Kuzu's schema and COPY
            return (ArchRule) noClasses().that().resideOutsideOfPackages(allowed.toArray(String[]::new)).should().dependOnClassesThat()
                    .resideInAPackage(ROOT + ".engines." + e + "..").because("an engine is one adapter: only its module and the CLI name it");
        }).toList();
    }

    /**
     * No cycle between slices. A slice is a package, except four groups taken as one slice each: an engine's module (its adapter
     * and its host's child-JVM side share names both ways), core/report's results, statistics and report (run.json's records carry
     * their comparisons), the studies' API (a dialect answers all three studies, each answer the root's {@code Expressed}), and the
     * workloads' framework — the root (Experiment, RunContext, Trials), options, cells and agents —
     * on which every experiment's folder builds. So an experiment never reaches into another's back, nor the framework into any.
     */
    static ArchRule noCycles() {
        return slices().assignedFrom(new SliceAssignment() {
            @Override
            public SliceIdentifier getIdentifierOf(JavaClass c) {
                String p = c.getPackageName();
                if (!p.startsWith(ROOT + ".")) return SliceIdentifier.ignore();
                String rest = p.substring(ROOT.length() + 1);
                if (rest.startsWith("engines.")) return SliceIdentifier.of(rest.replaceFirst("^(engines\\.[a-z0-9]+).*", "$1"));
                if (rest.matches("core\\.(results|stats|report)(\\..*)?")) return SliceIdentifier.of("core.report");
                if (rest.startsWith("studies")) return SliceIdentifier.of("studies");
                if (rest.matches("workloads(\\.(options|cells|agents)(\\..*)?)?")) return SliceIdentifier.of("workloads (framework)");
                return SliceIdentifier.of(rest);
            }

            @Override
            public String getDescription() {
                return "graphperf's packages (an engine's module, core/report, the studies and the workloads' framework each one slice)";
            }
        }).should().beFreeOfCycles();
    }

    /** No state any class can change for all: a catalogue or registry is built once and passed (EngineCatalog), not kept in a public static. */
    static ArchRule noPublicMutableStatic() {
        return fields().that().areStatic().and().arePublic().should().beFinal()
                .because("a public static that is not final is state any class can change for every other; build the value once and pass it");
    }

    /** A record of many components is built by position, where two swapped values of one type compile: past a dozen, named parts. */
    static ArchRule recordsStaySmall() {
        return classes().should(new ArchCondition<>("have at most " + MOST_COMPONENTS + " record components") {
            @Override
            public void check(JavaClass c, ConditionEvents events) {
                // a record's instance fields are its components, one each (it may declare no other): read without loading the class,
                // whose module's own dependencies (an engine host's) need not be on this class path
                if (!c.getRawSuperclass().map(sup -> sup.isEquivalentTo(Record.class)).orElse(false)) return;
                long n = c.getFields().stream().filter(f -> !f.getModifiers().contains(JavaModifier.STATIC)).count();
                events.add(new SimpleConditionEvent(c, n <= MOST_COMPONENTS, c.getName() + " has " + n + " record components"));
            }
        }).because("a record of more than " + MOST_COMPONENTS + " components is written in named parts (docs/layout.md)");
    }

    static ArchRule onlyTheCliWritesToTheConsole() {
        return noClasses().that().resideOutsideOfPackages(ROOT + ".cli..", ROOT + "..host..").and()
                .doNotHaveFullyQualifiedName(ROOT + ".engines.hosted.HostLoop") // the engine host's side of the request line
                // a shutdown hook: the JDK's logging is being reset by its own hook at that moment, stderr is all there is
                .and().doNotHaveFullyQualifiedName(ROOT + ".storage.Cleanup")
                .should().accessField(System.class, "out").orShould().accessField(System.class, "err")
                .because("the CLI owns the console; elsewhere report through a logger or the caller");
    }

    /**
     * A load model ({@code Closed}, {@code Open}) is built once, from the options: in {@code workloads.options} (the shared
     * {@code --clients/--load/--rate}), in an experiment's own options record ({@code *Options}: the loads its study design fixes),
     * or by the executors themselves ({@code withClients}, {@code withSegment}); everyone else is handed one.
     */
    static ArchRule loadsComeFromTheOptions() {
        return noClasses().that().resideOutsideOfPackages(ROOT + ".workloads.options..", ROOT + ".core.measure..")
                .and().haveSimpleNameNotEndingWith("Options")
                .should().callConstructorWhere(target(owner(assignableTo(Executor.class))))
                .because("a load model is built once from the options and handed on (docs/layout.md)");
    }

    @Test
    void loadModelsAreBuiltFromTheOptionsOnly() {
        loadsComeFromTheOptions().check(main);
    }

    @Test
    void arrowsRunDownOnly() {
        arrowsRunDown().forEach(r -> r.check(main));
    }

    @Test
    void anEngineIsNamedOnlyByItsModuleAndTheCli() {
        enginesStayInTheirModules().forEach(r -> r.check(main));
    }

    @Test
    void noCycleBetweenPackages() {
        noCycles().check(main);
    }

    @Test
    void noPublicStaticCanBeChanged() {
        noPublicMutableStatic().check(main);
    }

    @Test
    void noRecordHasMoreThanADozenComponents() {
        recordsStaySmall().check(main);
    }

    @Test
    void onlyTheCliAndEngineHostsWriteToTheConsole() {
        onlyTheCliWritesToTheConsole().check(main);
    }

    /** Each rule fails on classes made to break it (test fixtures, each breaking one rule): none passes for want of being able to fail. */
    @Test
    void everyRuleFailsOnADeliberateViolation() {
        assertViolated(arrowsRunDown(), "core using workloads", io.graphperf.core.archfixture.CoreUsingWorkloads.class);
        assertViolated(enginesStayInTheirModules(), "workloads naming an OrientDB class", io.graphperf.workloads.archfixture.NamesOrient.class);
        assertViolated(List.of(noCycles()), "a cycle between two packages", io.graphperf.core.archfixture.CycleA.class,
                io.graphperf.core.archfixture.cycle.CycleB.class);
        assertViolated(List.of(onlyTheCliWritesToTheConsole()), "System.out in workloads", io.graphperf.workloads.archfixture.Prints.class);
        assertViolated(List.of(loadsComeFromTheOptions()), "a load model built outside the options", io.graphperf.workloads.archfixture.BuildsItsOwnLoad.class);
        assertViolated(List.of(noPublicMutableStatic()), "a public static map any class can replace", io.graphperf.workloads.archfixture.PublicStatic.class);
        assertFalse(evaluate(List.of(noPublicMutableStatic()), io.graphperf.workloads.archfixture.Prints.class));
        assertViolated(List.of(recordsStaySmall()), "a record of 13 components", io.graphperf.workloads.archfixture.WideRecord.class);
        assertFalse(evaluate(List.of(recordsStaySmall()), io.graphperf.workloads.archfixture.TwelveComponents.class));
        // and the fixtures that break one rule break no other: each rule is told apart
        assertFalse(evaluate(List.of(noCycles()), io.graphperf.core.archfixture.CoreUsingWorkloads.class));
        assertFalse(evaluate(arrowsRunDown(), io.graphperf.workloads.archfixture.Prints.class));
        assertFalse(evaluate(List.of(loadsComeFromTheOptions()), io.graphperf.workloads.archfixture.Prints.class));
    }

    private static void assertViolated(List<ArchRule> rules, String what, Class<?>... fixture) {
        assertTrue(evaluate(rules, fixture), what + " is caught");
    }

    private static boolean evaluate(List<ArchRule> rules, Class<?>... classes) {
        JavaClasses imported = new ClassFileImporter().importClasses(classes);
        boolean violated = false;
        for (ArchRule r : rules) violated |= r.allowEmptyShould(true).evaluate(imported).hasViolation();
        return violated;
    }
}
