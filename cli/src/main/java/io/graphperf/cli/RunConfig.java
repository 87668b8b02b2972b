package io.graphperf.cli;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.graphperf.core.UserError;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A run's settings from a YAML (or JSON) file, same names as the command-line options. Options given
 * on the command line win over the file. An unknown key is an error, never silently ignored.
 */
public final class RunConfig {
    public String experiment;
    public List<String> scenarios;
    public List<String> transports;
    public Integer clients;
    public String duration;
    public String warmup;
    public String load;
    public Double rate;
    public String target;
    public String user;
    public String password;
    public String database;
    @JsonProperty("http-url") public String httpUrl;
    public String reset;
    public String heap;
    @JsonProperty("page-cache") public String pageCache;
    @JsonProperty("data-dir") public String dataDir;
    @JsonProperty("tx-log-dir") public String txLogDir;
    @JsonProperty("bolt-port") public Integer boltPort;
    @JsonProperty("http-port") public Integer httpPort;
    public Map<String, String> settings;
    public String out;
    @JsonProperty("keep-store") public Boolean keepStore;
    @JsonProperty("variant") public List<String> variants;
    public Integer repeat;
    public String dataset;
    public List<Double> scale;
    public List<String> index;
    @JsonProperty("probe-label") public String probeLabel;
    @JsonProperty("bad-tolerance") public Integer badTolerance;
    @JsonProperty("max-off-heap") public String maxOffHeap;
    public Integer defects;
    public Long seed;
    @JsonProperty("dataset-cache") public String datasetCache;
    @JsonProperty("drop-os-cache") public Boolean dropOsCache;
    public List<String> queries;
    public List<String> forms;
    public String cache;
    @JsonProperty("repeat-factor") public Double repeatFactor;
    @JsonProperty("check-samples") public Integer checkSamples;
    public List<Integer> threads;
    public List<Double> rates;
    public List<Integer> connections;
    @JsonProperty("bolt-threads") public List<Integer> boltThreads;
    @JsonProperty("sweep-clients") public Integer sweepClients;

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    static RunConfig load(Path file) {
        if (!Files.isRegularFile(file)) throw new UserError("config file " + file + " does not exist (option --config)");
        try {
            RunConfig c = YAML.readValue(file.toFile(), RunConfig.class);
            return c == null ? new RunConfig() : c;
        } catch (UnrecognizedPropertyException e) {
            throw new UserError("unknown config key '" + e.getPropertyName() + "' in " + file + " at line "
                    + e.getLocation().getLineNr() + "; known keys: " + e.getKnownPropertyIds());
        } catch (MismatchedInputException e) {
            String key = e.getPath().isEmpty() ? "?" : e.getPath().get(e.getPath().size() - 1).getFieldName();
            throw new UserError("bad value for config key '" + key + "' in " + file + " at line "
                    + (e.getLocation() == null ? "?" : e.getLocation().getLineNr()) + ": " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new UserError("cannot read config file " + file + ": " + e.getMessage());
        }
    }
}
