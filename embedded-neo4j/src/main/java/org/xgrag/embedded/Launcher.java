package org.xgrag.embedded;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.annotation.Annotation;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

import org.neo4j.configuration.GraphDatabaseInternalSettings;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.graphdb.QueryExecutionException;
import org.neo4j.kernel.api.procedure.GlobalProcedures;
import org.neo4j.kernel.internal.GraphDatabaseAPI;
import org.neo4j.logging.Level;
import org.neo4j.logging.log4j.Log4jLogProvider;
import org.neo4j.procedure.Procedure;
import org.neo4j.procedure.UserAggregationFunction;
import org.neo4j.procedure.UserFunction;
import org.reflections.Reflections;
import org.reflections.scanners.Scanners;
import org.reflections.util.ClasspathHelper;
import org.reflections.util.ConfigurationBuilder;
import org.reflections.util.FilterBuilder;

/**
 * Starts an embedded Neo4j 5.26 (community) with OpenGDS and APOC core and Bolt on loopback.
 *
 * <p>Why explicit registration: the embedded DBMS only discovers kernel extensions through
 * ServiceLoader on the JVM classpath, and plugin_dir loading of GDS is reported broken, so
 * every jar sits on the classpath, plugin_dir is an empty directory, and the procedure classes
 * are registered through {@link GlobalProcedures} (what GDS's and APOC's own tests do).
 *
 * <p>Protocol for the parent process: stdout carries exactly one line,
 * {@code READY bolt://HOST:PORT gds=<v> apoc=<v>}; everything else goes to stderr.
 */
public final class Launcher {

    /** Package prefixes scanned for procedure classes; org.xgrag is for xgrag's own procedures. */
    static final List<String> DEFAULT_PREFIXES = List.of("org.neo4j.gds", "com.neo4j.gds", "apoc", "org.xgrag");

    private Launcher() {}

    public static void main(String[] argv) {
        // Keep stdout exclusively for the READY line: any library printing to System.out
        // would otherwise corrupt the protocol, so route System.out to stderr.
        final PrintStream protocolOut = System.out;
        System.setOut(System.err);

        Args args;
        try {
            args = Args.parse(argv);
        } catch (IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            System.err.println(Args.USAGE);
            System.exit(2);
            return;
        }

        // Shutdown hook and signal handlers go in first, so a SIGTERM that arrives mid-startup
        // still closes whatever has been built. The hook runs on System.exit (signals, stdin EOF,
        // errors) and on normal JVM termination.
        final AtomicReference<DatabaseManagementService> dbmsRef = new AtomicReference<>();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            DatabaseManagementService dbms = dbmsRef.getAndSet(null);
            if (dbms != null) {
                long s = System.nanoTime();
                log("shutting down");
                try {
                    dbms.shutdown();
                } catch (Throwable t) {
                    log("shutdown error: " + t);
                }
                log("stopped in " + ms(s) + " ms");
            }
        }, "xgrag-neo4j-shutdown"));
        // By default the JVM exits with 143 on SIGTERM even after hooks ran; the parent wants 0
        // after a clean stop, so turn TERM/INT into System.exit(0) (which still runs the hook).
        installExitZeroOnSignal("TERM");
        installExitZeroOnSignal("INT");

        long t0 = System.nanoTime();
        final DatabaseManagementService running;
        try {
            running = start(args, dbmsRef);
        } catch (Throwable t) {
            log("startup failed: " + t);
            t.printStackTrace(System.err);
            System.exit(1); // the hook shuts down a half-started DBMS
            return;
        }

        try {
            String[] versions = selfCheck((GraphDatabaseAPI) running.database(args.database));
            log("started in " + ms(t0) + " ms");
            protocolOut.println("READY bolt://" + args.host + ":" + args.port
                    + " gds=" + versions[0] + " apoc=" + versions[1]);
            protocolOut.flush();
        } catch (Throwable t) {
            log("self-check failed: " + t);
            t.printStackTrace(System.err);
            System.exit(1);
            return;
        }

        if (args.exitOnStdinEof) {
            // Opt-in only: the Python side starts us detached with stdin=/dev/null.
            waitForStdinEof(System.in);
            log("stdin closed, exiting");
            System.exit(0);
        }
        // Neo4j's own threads keep the JVM alive; park main until the process is stopped.
        try {
            new CountDownLatch(1).await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static DatabaseManagementService start(Args args, AtomicReference<DatabaseManagementService> dbmsRef)
            throws IOException {
        Path home = args.home.toAbsolutePath();
        Files.createDirectories(home);
        // Empty on purpose: jars on the classpath are registered below; jars in plugin_dir would
        // be loaded a second time through a separate class loader.
        Path plugins = home.resolve("plugins");
        Files.createDirectories(plugins);

        DatabaseManagementServiceBuilder builder = new DatabaseManagementServiceBuilder(home);
        if (args.configFile != null) {
            builder.loadPropertiesFromFile(args.configFile);
        }
        // Authentication is on unless --no-auth: Bolt on loopback is still reachable by every local user and
        // process. The password comes from an owner-only file (never argv, which `ps` shows to everyone).
        final String password = args.passwordFile == null ? null : readPassword(args.passwordFile);
        builder.setConfig(GraphDatabaseSettings.auth_enabled, password != null)
                .setConfig(BoltConnector.enabled, true)
                .setConfig(BoltConnector.listen_address, new SocketAddress(args.host, args.port))
                .setConfig(BoltConnector.advertised_address, new SocketAddress(args.host, args.port))
                .setConfig(BoltConnector.encryption_level, BoltConnector.EncryptionLevel.DISABLED)
                // GDS and APOC use internal APIs; without this they load as "restricted" stubs.
                .setConfig(GraphDatabaseSettings.procedure_unrestricted, List.of("gds.*", "apoc.*"))
                .setConfig(GraphDatabaseSettings.pagecache_memory, args.pagecacheBytes)
                .setConfig(GraphDatabaseSettings.plugin_dir, plugins)
                // No phoning home (the sandbox has no network anyway; avoids a pointless attempt).
                .setConfig(GraphDatabaseSettings.udc_enabled, false)
                // Netty waits a quiet period (twice, 5 s each) before Bolt stops; stop at once instead.
                .setConfig(GraphDatabaseInternalSettings.netty_server_shutdown_quiet_period, 0)
                // The user log (neo4j.log in a server) goes to stderr; debug.log stays under home/logs.
                .setUserLogProvider(new Log4jLogProvider(System.err, Level.INFO));

        long t = System.nanoTime();
        DatabaseManagementService dbms = builder.build();
        dbmsRef.set(dbms);
        log("dbms built in " + ms(t) + " ms (home=" + home + ", bolt=" + args.host + ":" + args.port + ")");

        if (password != null) {
            t = System.nanoTime();
            setPassword(dbms, password);
            log("authentication on: user neo4j, password from " + args.passwordFile + " (set in " + ms(t) + " ms)");
        } else {
            log("authentication OFF (--no-auth): any local process can connect");
        }

        GraphDatabaseAPI db = (GraphDatabaseAPI) dbms.database(args.database);
        GlobalProcedures procedures = db.getDependencyResolver().resolveDependency(GlobalProcedures.class);
        t = System.nanoTime();
        registerAll(procedures, args.prefixes);
        log("procedures registered in " + ms(t) + " ms");
        return dbms;
    }

    static String readPassword(Path file) throws IOException {
        String password = Files.readString(file).strip();
        if (password.length() < 8) {
            // Neo4j's own minimum (dbms.security.auth_minimum_password_length); say so before the DBMS does
            throw new IllegalArgumentException("the password in " + file + " is shorter than 8 characters");
        }
        return password;
    }

    /**
     * Gives the built-in user {@code neo4j} the password, with no change required at first login. The embedded
     * API runs this on the system database without authenticating, on every start, so the file stays the one
     * source of truth (a home created with authentication off gets the password too).
     */
    static void setPassword(DatabaseManagementService dbms, String password) {
        GraphDatabaseService system = dbms.database(GraphDatabaseSettings.SYSTEM_DATABASE_NAME);
        try {
            system.executeTransactionally(
                    "ALTER USER neo4j SET PLAINTEXT PASSWORD $password CHANGE NOT REQUIRED",
                    Map.of("password", password));
        } catch (QueryExecutionException e) {
            // Neo4j refuses to set the password the user already has: then nothing needs changing
            String message = String.valueOf(e.getMessage());
            if (!message.contains("Old password and new password cannot be the same")) {
                throw e;
            }
        }
    }

    /**
     * Scans the classpath for classes declaring {@code @Procedure}, {@code @UserFunction} or
     * {@code @UserAggregationFunction} methods under the given prefixes and registers each class.
     * A class that fails to load or compile is logged and skipped, as the server does for plugins.
     */
    static void registerAll(GlobalProcedures procedures, List<String> prefixes) {
        ConfigurationBuilder cfg = new ConfigurationBuilder()
                .setScanners(Scanners.MethodsAnnotated)
                .filterInputsBy(prefixFilter(prefixes));
        // forPackage() finds jars through their directory entries; jars built without them
        // (common for hand-made or some Gradle jars) are only found via java.class.path, so
        // use both. The prefix filter keeps the scan itself limited to the wanted packages.
        Set<URL> urls = new LinkedHashSet<>();
        for (String p : prefixes) {
            urls.addAll(ClasspathHelper.forPackage(p));
        }
        urls.addAll(ClasspathHelper.forJavaClassPath());
        cfg.addUrls(urls);
        Reflections reflections = new Reflections(cfg);

        Map<String, Class<? extends Annotation>> kinds = new LinkedHashMap<>();
        kinds.put("procedure", Procedure.class);
        kinds.put("function", UserFunction.class);
        kinds.put("aggregation", UserAggregationFunction.class);

        ClassLoader loader = Launcher.class.getClassLoader();
        for (Map.Entry<String, Class<? extends Annotation>> kind : kinds.entrySet()) {
            // Work on method descriptors (strings) so one unloadable class can't abort the scan.
            Set<String> classNames = new TreeSet<>();
            for (String method : reflections.get(Scanners.MethodsAnnotated.with(kind.getValue()))) {
                String owner = method.substring(0, method.indexOf('('));
                classNames.add(owner.substring(0, owner.lastIndexOf('.')));
            }
            int ok = 0;
            int failed = 0;
            for (String name : classNames) {
                try {
                    Class<?> cls = Class.forName(name, false, loader);
                    switch (kind.getKey()) {
                        case "procedure" -> procedures.registerProcedure(cls);
                        case "function" -> procedures.registerFunction(cls);
                        default -> procedures.registerAggregationFunction(cls);
                    }
                    ok++;
                } catch (Throwable e) {
                    failed++;
                    log("SKIP " + kind.getKey() + " class " + name + ": " + e);
                }
            }
            log("registered " + ok + " " + kind.getKey() + " classes (" + failed + " skipped)");
        }
    }

    private static FilterBuilder prefixFilter(List<String> prefixes) {
        FilterBuilder f = new FilterBuilder();
        for (String p : prefixes) {
            f.includePackage(p);
        }
        return f;
    }

    /** Proves GDS and APOC are callable; also returns their versions for the READY line. */
    static String[] selfCheck(GraphDatabaseAPI db) {
        return db.executeTransactionally(
                "RETURN gds.version() AS gds, apoc.version() AS apoc",
                Map.of(),
                r -> {
                    Map<String, Object> row = r.next();
                    return new String[] {String.valueOf(row.get("gds")), String.valueOf(row.get("apoc"))};
                });
    }

    @SuppressWarnings("removal")
    private static void installExitZeroOnSignal(String name) {
        try {
            sun.misc.Signal.handle(new sun.misc.Signal(name), sig -> {
                log("received SIG" + name);
                System.exit(0);
            });
        } catch (Throwable e) {
            log("cannot handle SIG" + name + " (exit code will be 128+n): " + e);
        }
    }

    private static void waitForStdinEof(InputStream in) {
        byte[] buf = new byte[512];
        try {
            while (in.read(buf) != -1) {
                // discard
            }
        } catch (IOException ignored) {
            // treat a broken stdin like EOF
        }
    }

    static void log(String msg) {
        System.err.println("[xgrag-neo4j] " + msg);
        System.err.flush();
    }

    private static long ms(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    /** Command line: --home DIR --port N [--host H] [--pagecache SIZE] [...]. */
    static final class Args {
        static final String USAGE = String.join("\n",
                "usage: Launcher --home DIR --port N [--host 127.0.0.1] [--pagecache 256m]",
                "                [--database neo4j] [--config neo4j.conf] [--scan-prefix PKG]...",
                "                [--password-file FILE | --no-auth] [--exit-on-stdin-eof]");

        Path home;
        int port = -1;
        String host = "127.0.0.1";
        long pagecacheBytes = parseSize("256m");
        String database = GraphDatabaseSettings.DEFAULT_DATABASE_NAME;
        Path configFile;
        boolean exitOnStdinEof;
        Path passwordFile;
        boolean noAuth;
        final List<String> prefixes = new ArrayList<>(DEFAULT_PREFIXES);

        static Args parse(String[] argv) {
            Args a = new Args();
            for (int i = 0; i < argv.length; i++) {
                String k = argv[i];
                switch (k) {
                    case "--home" -> a.home = Path.of(value(argv, ++i, k));
                    case "--port" -> a.port = Integer.parseInt(value(argv, ++i, k));
                    case "--host" -> a.host = value(argv, ++i, k);
                    case "--pagecache" -> a.pagecacheBytes = parseSize(value(argv, ++i, k));
                    case "--database" -> a.database = value(argv, ++i, k);
                    case "--config" -> a.configFile = Path.of(value(argv, ++i, k));
                    case "--scan-prefix" -> a.prefixes.add(value(argv, ++i, k));
                    case "--exit-on-stdin-eof" -> a.exitOnStdinEof = true;
                    case "--password-file" -> a.passwordFile = Path.of(value(argv, ++i, k));
                    case "--no-auth" -> a.noAuth = true;
                    case "-h", "--help" -> throw new IllegalArgumentException("help requested");
                    default -> throw new IllegalArgumentException("unknown argument: " + k);
                }
            }
            if (a.home == null) throw new IllegalArgumentException("--home is required");
            if (a.port < 1 || a.port > 65535) throw new IllegalArgumentException("--port is required (1-65535)");
            if ((a.passwordFile == null) == !a.noAuth) {
                throw new IllegalArgumentException(
                        "give --password-file FILE (authentication on) or --no-auth (off, explicitly)");
            }
            return a;
        }

        private static String value(String[] argv, int i, String key) {
            if (i >= argv.length) throw new IllegalArgumentException(key + " needs a value");
            return argv[i];
        }

        /** "256m", "1g", "512k" or plain bytes. */
        static long parseSize(String s) {
            String v = s.trim().toLowerCase(Locale.ROOT);
            long mult = 1;
            char last = v.charAt(v.length() - 1);
            if (last == 'k' || last == 'm' || last == 'g') {
                mult = last == 'k' ? 1L << 10 : last == 'm' ? 1L << 20 : 1L << 30;
                v = v.substring(0, v.length() - 1);
            }
            return Long.parseLong(v) * mult;
        }
    }
}
