package io.graphperf.workloads.workload;

import io.graphperf.core.engine.DialectName;
import io.graphperf.core.UserError;
import io.graphperf.core.measure.ParameterSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WorkloadFileTest {

    static final Set<String> DIALECTS = Set.of("neo4j", "kuzu", "falkordb", "arcadedb", "orientdb");

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, text);
        return f;
    }

    private Workload read(String yaml) throws IOException {
        return WorkloadFile.read(write("w.yaml", yaml), DIALECTS);
    }

    private String error(String yaml) throws IOException {
        Path f = write("w.yaml", yaml);
        UserError e = assertThrows(UserError.class, () -> WorkloadFile.read(f, DIALECTS));
        assertTrue(e.getMessage().startsWith(f.toAbsolutePath() + " line "), "the message names the file and line first: " + e.getMessage());
        return e.getMessage();
    }

    @Test
    void readsOperationsTheirDialectTextsAndEveryKindOfSource() throws IOException {
        write("people.csv", "person:long,name,tags:string[],score:double\n1,Ann,\"a;b\",1.5\n2,\"Bo, Jr\",,2\n");
        Workload w = read("""
                name: social
                clients: 8            # an option: left to the command line
                parameters:
                  people: {csv: people.csv, order: sequential}
                  group: {query: "MATCH (g:Group) RETURN g.groupKey", limit: 500}
                  pair:
                    query:
                      cypher: MATCH (a)-[:KNOWS]->(b) RETURN a.id, b.id
                      kuzu: MATCH (a)-[:KNOWS]->(b) RETURN a.id, b.id
                    columns: [a, b]
                  age: {uniform: [18, 90]}
                  hot: {zipfian: {min: 1, max: 1000, scrambled: true}}
                  newId: {unique: {start: 1000000}}
                operations:
                  - name: friends
                    weight: 10
                    cypher: "MATCH (p:Person {id: $person})-[:KNOWS]-(f) RETURN f.id ORDER BY f.id"
                    arcadedb: "sql:SELECT expand(both('KNOWS')) FROM Person WHERE id = :person"
                    orientdb: {not-expressible: "no such walk"}
                  - name: post
                    write: true
                    cypher: ["CREATE (m:Message {id: $newId, age: $age})", "MATCH (g:Group {k: $group}) RETURN g"]
                    id: {parameter: newId, label: Message, property: id}
                  - name: members
                    procedure: graphperf.social.q01
                    args: [group]
                  - name: path
                    cypher: |
                      MATCH p = shortestPath((x {id: $a})-[*]-(y {id: $b})) RETURN length(p)   // '$nothing' in a comment
                    ordered: false
                    tolerance: 0.001
                schema:
                  cypher: [CREATE INDEX p IF NOT EXISTS FOR (n:Person) ON (n.id)]
                thresholds: [friends p99 < 50ms]
                """);
        assertEquals("social", w.name());
        assertEquals(List.of("friends", "post", "members", "path"), w.operations().stream().map(OperationSpec::name).toList());
        OperationSpec friends = w.operations().get(0);
        assertEquals(10, friends.weight());
        assertEquals(List.of("sql:SELECT expand(both('KNOWS')) FROM Person WHERE id = :person"), friends.texts().in(DialectName.of("arcadedb")));
        assertEquals(friends.texts().cypher(), friends.texts().in(DialectName.of("kuzu")), "a dialect without its own text runs the Cypher");
        assertEquals(Optional.of("no such walk"), friends.texts().whyNot(DialectName.of("orientdb")));
        assertEquals(Optional.empty(), friends.texts().whyNot(DialectName.of("kuzu")));
        OperationSpec post = w.operations().get(1);
        assertTrue(post.write());
        assertEquals(2, post.texts().cypher().size(), "two statements: one transaction");
        assertEquals("Message", post.id().label());
        assertEquals(List.of("CALL graphperf.social.q01($group)"), w.operations().get(2).texts().cypher());
        SourceSpec.Csv people = (SourceSpec.Csv) w.sources().get(0);
        assertEquals(List.of("person", "name", "tags", "score"), people.gives());
        assertEquals(List.of(List.of(1L, "Ann", List.of("a", "b"), 1.5), java.util.Arrays.asList(2L, "Bo, Jr", List.of(), 2.0)), people.records().rows());
        assertEquals(ParameterSource.Order.SEQUENTIAL, people.records().order());
        SourceSpec.Query pair = (SourceSpec.Query) w.sources().get(2);
        assertEquals(List.of("a", "b"), pair.columns());
        assertEquals(List.of("group"), w.sources().get(1).gives(), "a one-column query gives the source's name");
        assertEquals(500, ((SourceSpec.Query) w.sources().get(1)).limit());
        assertTrue(w.writes());
        assertEquals(1, w.schema().cypher().size());
        assertEquals(Integer.valueOf(34), w.lines().get("thresholds:friends p99 < 50ms"));
    }

    @Test
    void anUnknownKeyIsNamedWithItsLine() throws IOException {
        String m = error("""
                operations:
                  - name: a
                    cypher: RETURN 1
                    wieght: 3
                """);
        assertTrue(m.contains("line 4") && m.contains("'wieght'") && m.contains("known here:"), m);
    }

    @Test
    void yamlThatDoesNotParseIsNamedWithItsLine() throws IOException {
        String m = error("operations:\n  - name: a\n    cypher: [RETURN 1\n");
        assertTrue(m.contains("not valid YAML"), m);
        m = error("operations:\n  - name: a\n    cypher: MATCH (p {id: $x}) RETURN p\n");
        assertTrue(m.contains("line 3") && m.contains("quote"), "a Cypher map in a plain YAML text: the fix is said: " + m);
    }

    @Test
    void aParameterNoSourceGivesIsNamed() throws IOException {
        String m = error("""
                parameters:
                  person: {uniform: [1, 10]}
                operations:
                  - name: ok
                    cypher: RETURN $person
                  - name: friends
                    cypher: "MATCH (p {id: $persn}) RETURN p"
                """);
        assertTrue(m.contains("line 6") && m.contains("'friends'") && m.contains("persn") && m.contains("the sources give person"), m);
    }

    @Test
    void aCsvColumnThatIsMissingIsNamed() throws IOException {
        write("people.csv", "person:long,name\n1,Ann\n");
        String m = error("""
                parameters:
                  people: {csv: people.csv, columns: [personId]}
                operations:
                  - name: a
                    cypher: RETURN $personId
                """);
        assertTrue(m.contains("line 2") && m.contains("personId") && m.contains("people.csv") && m.contains("person, name"), m);
    }

    @Test
    void anEmptyParameterFileIsNamed() throws IOException {
        write("none.csv", "");
        write("header.csv", "person:long\n");
        String yaml = """
                parameters:
                  people: {csv: FILE}
                operations:
                  - name: a
                    cypher: RETURN $person
                """;
        assertTrue(error(yaml.replace("FILE", "none.csv")).contains("is empty"));
        String m = error(yaml.replace("FILE", "header.csv"));
        assertTrue(m.contains("no records below its header") && m.contains("header.csv"), m);
    }

    @Test
    void aBadValueInAParameterFileIsNamedWithItsLine() throws IOException {
        write("people.csv", "person:long\n1\n2\nthree\n");
        String m = error("""
                parameters:
                  people: {csv: people.csv}
                operations:
                  - name: a
                    cypher: RETURN $person
                """);
        assertTrue(m.contains("people.csv, line 4") && m.contains("'three' is not a long"), m);
    }

    @Test
    void aWeightOfZeroOrLessIsRefused() throws IOException {
        String m = error("""
                operations:
                  - name: a
                    cypher: RETURN 1
                    weight: 0
                """);
        assertTrue(m.contains("line 4") && m.contains("weight 0 must be at least 1"), m);
        assertTrue(error("operations:\n  - name: a\n    cypher: RETURN 1\n    weight: -2\n").contains("weight -2"));
    }

    @Test
    void namesAndKeysGivenTwiceAreRefused() throws IOException {
        assertTrue(error("operations:\n  - name: a\n    cypher: RETURN 1\n  - name: a\n    cypher: RETURN 2\n").contains("named twice"));
        assertTrue(error("operations:\n  - name: a\n    cypher: RETURN 1\n    cypher: RETURN 2\n").contains("given twice"));
    }

    @Test
    void anIdOnAReadOrNotInTheTextIsRefused() throws IOException {
        String m = error("""
                parameters:
                  k: {unique: {}}
                operations:
                  - name: a
                    cypher: "CREATE (:N {k: $k})"
                    id: {parameter: k, label: N, property: k}
                """);
        assertTrue(m.contains("add write: true"), m);
        m = error("""
                parameters:
                  k: {unique: {}}
                operations:
                  - name: a
                    write: true
                    cypher: "CREATE (:N {k: 1})"
                    id: {parameter: k, label: N, property: k}
                """);
        assertTrue(m.contains("does not use"), m);
    }

    @Test
    void aDistributionsBadRangeOrAnUnknownOrderIsNamed() throws IOException {
        assertTrue(error("parameters:\n  x: {uniform: [10, 1]}\noperations:\n  - name: a\n    cypher: RETURN $x\n").contains("below min"));
        assertTrue(error("parameters:\n  x: {csv: a.csv, order: shuffled}\noperations:\n  - name: a\n    cypher: RETURN $x\n").contains("unknown order"));
        assertTrue(error("operations:\n  - name: a\n    kuzu: RETURN 1\n    cypher: RETURN 1\n    oracle: RETURN 1\n").contains("'oracle'"));
    }

    @Test
    void aParameterTwoSourcesGiveIsTakenFromTheOneTheOperationNames() throws IOException {
        write("people.csv", "person:long\n1\n");
        write("acts.csv", "person:long,activity:long\n1,10\n");
        String yaml = """
                parameters:
                  people: {csv: people.csv}
                  acts: {csv: acts.csv}
                operations:
                  - name: one
                    FROM
                    cypher: "MATCH (p {id: $person})-->(a {id: $activity}) RETURN a"
                """;
        String m = error(yaml.replace("FROM", "weight: 1"));
        assertTrue(m.contains("people and acts give: name the one it draws from with from: [people]"), m);
        Workload w = WorkloadFile.read(write("w.yaml", yaml.replace("FROM", "from: [acts]")), DIALECTS);
        assertEquals("acts", w.sourcesOf(w.operations().get(0), "person").get(0).name());
        assertTrue(error(yaml.replace("FROM", "from: [nobody]")).contains("draws from nobody, which is no parameter source"));
    }
}
