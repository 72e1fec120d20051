package org.xgrag.embedded;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

import org.neo4j.configuration.Config;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.dbms.archive.DumpFormatSelector;
import org.neo4j.dbms.archive.Dumper;
import org.neo4j.dbms.archive.IncorrectFormat;
import org.neo4j.dbms.archive.Loader;
import org.neo4j.dbms.archive.StandardCompressionFormat;
import org.neo4j.io.fs.DefaultFileSystemAbstraction;
import org.neo4j.io.layout.DatabaseLayout;
import org.neo4j.io.layout.Neo4jLayout;

/**
 * Database dumps of the embedded server's home, with Neo4j's own archive code: {@code load} reads a dump
 * ({@code neo4j-admin database dump}, the {@code .dump} files of Neo4j's example graphs) into the home, as
 * {@code neo4j-admin database load} does on a server; {@code dump} writes the home's database to a dump file that
 * {@code neo4j-admin database load} reads into any Neo4j 5. The server must be stopped for either.
 *
 * <p>Protocol for the parent process: stdout carries exactly one line, {@code LOADED <database directory>} or
 * {@code DUMPED <file>}; progress and errors go to stderr. Exit codes: 0 done, 2 usage, 3 the database already
 * holds a store (load without --overwrite) or the dump file exists, 4 the file is not a dump this Neo4j reads
 * (load) or there is no database to dump, 1 anything else.
 */
public final class Dumps {

    private Dumps() {}

    static final String USAGE = "usage: Dumps load --home DIR --file DUMP [--database neo4j] [--overwrite]\n"
            + "       Dumps dump --home DIR --file DUMP [--database neo4j]";

    public static void main(String[] argv) {
        final PrintStream protocolOut = System.out;
        System.setOut(System.err);
        String verb = argv.length > 0 ? argv[0] : "";
        Path home = null;
        Path file = null;
        String database = GraphDatabaseSettings.DEFAULT_DATABASE_NAME;
        boolean overwrite = false;
        try {
            if (!verb.equals("load") && !verb.equals("dump")) {
                throw new IllegalArgumentException("the first argument is load or dump");
            }
            for (int i = 1; i < argv.length; i++) {
                switch (argv[i]) {
                    case "--home" -> home = Path.of(value(argv, ++i, "--home"));
                    case "--file" -> file = Path.of(value(argv, ++i, "--file"));
                    case "--database" -> database = value(argv, ++i, "--database");
                    case "--overwrite" -> overwrite = true;
                    default -> throw new IllegalArgumentException("unknown argument: " + argv[i]);
                }
            }
            if (home == null || file == null) {
                throw new IllegalArgumentException("--home and --file are required");
            }
        } catch (IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
            return;
        }
        try {
            DatabaseLayout layout = layout(home.toAbsolutePath(), database);
            if (verb.equals("load")) {
                protocolOut.println("LOADED " + load(layout, file.toAbsolutePath(), overwrite));
            } else {
                protocolOut.println("DUMPED " + dump(layout, file.toAbsolutePath()));
            }
            protocolOut.flush();
        } catch (Refused e) {
            System.err.println("error: " + e.getMessage());
            System.exit(3);
        } catch (IncorrectFormat | Unreadable e) {
            System.err.println("error: " + e.getMessage());
            System.exit(4);
        } catch (Throwable t) {
            System.err.println("error: " + verb + " failed: " + t);
            t.printStackTrace(System.err);
            System.exit(1);
        }
    }

    static DatabaseLayout layout(Path home, String database) {
        Config config = Config.newBuilder().set(GraphDatabaseSettings.neo4j_home, home).build();
        return Neo4jLayout.of(config).databaseLayout(database);
    }

    static Path load(DatabaseLayout layout, Path dump, boolean overwrite) throws IOException, IncorrectFormat {
        if (!Files.isRegularFile(dump)) {
            throw new Unreadable("no such file: " + dump);
        }
        // read the dump's header before anything else: a file that is no dump must not cost the store it would replace
        try (DefaultFileSystemAbstraction fs = new DefaultFileSystemAbstraction()) {
            new Loader(fs, System.err).getMetaData(() -> Files.newInputStream(dump), DumpFormatSelector::decompress);
        } catch (IOException | RuntimeException e) {
            throw new Unreadable("not a database dump this Neo4j (5.26) can load: its header does not read as one ("
                    + e.getMessage() + ")");
        }
        Path store = layout.databaseDirectory();
        Path logs = layout.getTransactionLogsDirectory();
        if (holdsFiles(store) || holdsFiles(logs)) {
            if (!overwrite) {
                throw new Refused("the database '" + layout.getDatabaseName() + "' already holds a store (" + store
                        + ")");
            }
            // Neo4j's loader refuses to write over a store: the old one goes first (the server is stopped)
            deleteTree(store);
            deleteTree(logs);
        }
        // the loader checks that the parents it writes into exist and are writable
        Files.createDirectories(layout.getNeo4jLayout().databasesDirectory());
        Files.createDirectories(layout.getNeo4jLayout().transactionLogsRootDirectory());
        try (DefaultFileSystemAbstraction fs = new DefaultFileSystemAbstraction()) {
            new Loader(fs, System.err).load(layout, dump);
        }
        return store;
    }

    static Path dump(DatabaseLayout layout, Path file) throws IOException {
        Path store = layout.databaseDirectory();
        if (!holdsFiles(store)) {
            throw new Unreadable("the database '" + layout.getDatabaseName() + "' holds no store to dump (" + store
                    + ")");
        }
        if (Files.exists(file)) {
            throw new Refused(file + " exists (a dump is never written over a file)");
        }
        Path lock = layout.databaseLockFile();
        try (DefaultFileSystemAbstraction fs = new DefaultFileSystemAbstraction()) {
            Dumper dumper = new Dumper(fs, System.err);
            // the lock file is the running server's, not data (neo4j-admin leaves it out too)
            dumper.dump(store, layout.getTransactionLogsDirectory(), dumper.openForDump(file),
                    StandardCompressionFormat.ZSTD, path -> path.equals(lock));
        }
        return file;
    }

    private static boolean holdsFiles(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.findAny().isPresent();
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private static String value(String[] argv, int i, String key) {
        if (i >= argv.length) {
            throw new IllegalArgumentException(key + " needs a value");
        }
        return argv[i];
    }

    /** The input cannot be read as asked: no such file, not a dump, no store to dump. */
    static final class Unreadable extends IOException {
        Unreadable(String message) {
            super(message);
        }
    }

    /** Would overwrite: a store in the way of a load (without --overwrite), an existing file in the way of a dump. */
    static final class Refused extends IOException {
        Refused(String message) {
            super(message);
        }
    }
}
