package kg.testserver;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.neo4j.configuration.GraphDatabaseInternalSettings;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.HttpConnector;
import org.neo4j.configuration.connectors.HttpsConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.io.ByteUnit;

/**
 * Runs a real Neo4j 5.26 DBMS embedded in this JVM, with Bolt on 127.0.0.1, for tests and CI.
 *
 * <pre>
 * usage: java [jvm flags] -jar neo4j-test-server.jar [DATA_DIR] [--exit-on-stdin-eof]
 *
 * environment:
 *   NEO4J_PASSWORD             required; password of user 'neo4j' (never printed)
 *   KG_NEO4J_PORT              Bolt port on 127.0.0.1 (default 7687)
 *   KG_NEO4J_DATA_DIR          DBMS home directory if no DATA_DIR argument (default: a fresh
 *                              temp dir, deleted on shutdown)
 *   KG_NEO4J_PAGECACHE_MB      page cache size in MiB (default 128)
 *   KG_NEO4J_EXIT_ON_STDIN_EOF "1"/"true": same as --exit-on-stdin-eof
 * </pre>
 *
 * Prints exactly one line {@code READY bolt://127.0.0.1:<port>} on stdout once the databases are
 * available, the password is set and the Bolt port accepts TCP connections; then blocks until
 * SIGTERM/SIGINT (or, with --exit-on-stdin-eof, until stdin is closed). A shutdown hook always
 * calls {@link DatabaseManagementService#shutdown()} so the store is closed cleanly.
 */
public final class Main {
    private static final String USER = "neo4j";

    private Main() {}

    public static void main(String[] args) throws Exception {
        // Neo4j (and its logging) may write to System.out; keep our protocol line on the
        // original stdout stream but make sure nothing is buffered.
        PrintStream out = System.out;

        String password = System.getenv("NEO4J_PASSWORD");
        if (password == null || password.isEmpty()) {
            fail("NEO4J_PASSWORD is not set: the initial password of user 'neo4j' is required "
                    + "(e.g. NEO4J_PASSWORD=testpass KG_NEO4J_PORT=7687 tools/neo4j-test-server/run.sh)");
        }

        int port = parsePort(System.getenv("KG_NEO4J_PORT"));
        long pageCacheMb = parseLong("KG_NEO4J_PAGECACHE_MB", System.getenv("KG_NEO4J_PAGECACHE_MB"), 128);
        boolean exitOnStdinEof = truthy(System.getenv("KG_NEO4J_EXIT_ON_STDIN_EOF"));

        String dataDirArg = null;
        for (String a : args) {
            if (a.equals("--exit-on-stdin-eof")) {
                exitOnStdinEof = true;
            } else if (a.equals("-h") || a.equals("--help")) {
                out.println("usage: java -jar neo4j-test-server.jar [DATA_DIR] [--exit-on-stdin-eof]");
                out.println("env: NEO4J_PASSWORD (required), KG_NEO4J_PORT (7687), KG_NEO4J_DATA_DIR, "
                        + "KG_NEO4J_PAGECACHE_MB (128), KG_NEO4J_EXIT_ON_STDIN_EOF");
                return;
            } else if (a.startsWith("--")) {
                fail("unknown option: " + a);
            } else if (dataDirArg == null) {
                dataDirArg = a;
            } else {
                fail("unexpected extra argument: " + a);
            }
        }
        if (dataDirArg == null) {
            dataDirArg = System.getenv("KG_NEO4J_DATA_DIR");
        }
        boolean tempHome = dataDirArg == null || dataDirArg.isEmpty();
        Path home = tempHome
                ? Files.createTempDirectory("kg-neo4j-")
                : Paths.get(dataDirArg).toAbsolutePath().normalize();
        Files.createDirectories(home);

        if (portInUse(port)) {
            fail("port 127.0.0.1:" + port + " is already in use (set KG_NEO4J_PORT to a free port)");
        }

        System.err.println("[neo4j-test-server] starting Neo4j embedded, home=" + home + " bolt=127.0.0.1:" + port);
        long t0 = System.nanoTime();

        DatabaseManagementService dbms = new DatabaseManagementServiceBuilder(home)
                // Bolt on loopback only
                .setConfig(BoltConnector.enabled, true)
                .setConfig(BoltConnector.listen_address, new SocketAddress("127.0.0.1", port))
                .setConfig(BoltConnector.advertised_address, new SocketAddress("127.0.0.1", port))
                // No HTTP(S) (the embedded artifact has no web server anyway)
                .setConfig(HttpConnector.enabled, false)
                .setConfig(HttpsConnector.enabled, false)
                // Auth on; password set below through the system database
                .setConfig(GraphDatabaseSettings.auth_enabled, true)
                // Allow short passwords in tests (default minimum is 8)
                .setConfig(GraphDatabaseSettings.auth_minimum_password_length, 1)
                // Small memory / disk footprint
                .setConfig(GraphDatabaseSettings.pagecache_memory, ByteUnit.mebiBytes(pageCacheMb))
                .setConfig(GraphDatabaseSettings.tx_state_max_off_heap_memory, ByteUnit.mebiBytes(64))
                .setConfig(GraphDatabaseSettings.preallocate_logical_logs, false)
                // No anonymous usage reporting from test runs
                .setConfig(GraphDatabaseSettings.udc_enabled, false)
                // Fast shutdown: Netty's default graceful quiet period makes Bolt shutdown take ~10 s
                .setConfig(GraphDatabaseInternalSettings.netty_server_shutdown_quiet_period, 0)
                .setConfig(GraphDatabaseInternalSettings.netty_server_shutdown_timeout, Duration.ofSeconds(5))
                .build();

        AtomicBoolean stopped = new AtomicBoolean(false);
        CountDownLatch stoppedLatch = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (stopped.compareAndSet(false, true)) {
                System.err.println("[neo4j-test-server] shutting down");
                try {
                    dbms.shutdown();
                } catch (Throwable t) {
                    System.err.println("[neo4j-test-server] error during shutdown: " + t);
                }
                if (tempHome) {
                    deleteRecursively(home);
                }
                System.err.println("[neo4j-test-server] stopped");
            }
            stoppedLatch.countDown();
        }, "neo4j-test-server-shutdown"));

        try {
            GraphDatabaseService system = dbms.database(GraphDatabaseSettings.SYSTEM_DATABASE_NAME);
            GraphDatabaseService neo4j = dbms.database(GraphDatabaseSettings.DEFAULT_DATABASE_NAME);
            if (!system.isAvailable(Duration.ofMinutes(3).toMillis())
                    || !neo4j.isAvailable(Duration.ofMinutes(3).toMillis())) {
                fail("databases did not become available within 3 minutes");
            }
            long tp = System.nanoTime();
            setPassword(system, password);
            System.err.println("[neo4j-test-server] databases available; password set in "
                    + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - tp) + " ms");
            waitForBolt(port, Duration.ofMinutes(1));
        } catch (Throwable t) {
            System.err.println("[neo4j-test-server] startup failed: " + t);
            t.printStackTrace(System.err);
            System.exit(1);
        }

        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        System.err.println("[neo4j-test-server] started in " + ms + " ms");
        out.println("READY bolt://127.0.0.1:" + port);
        out.flush();

        if (exitOnStdinEof) {
            Thread watcher = new Thread(() -> {
                try (InputStream in = System.in) {
                    byte[] buf = new byte[256];
                    while (in.read(buf) >= 0) {
                        // discard
                    }
                } catch (IOException ignored) {
                    // treat as closed
                }
                System.err.println("[neo4j-test-server] stdin closed");
                System.exit(0);
            }, "neo4j-test-server-stdin");
            watcher.setDaemon(true);
            watcher.start();
        }

        // Block until the shutdown hook has run (SIGTERM / SIGINT / System.exit).
        stoppedLatch.await();
    }

    /**
     * Sets the password of user 'neo4j' and clears the "change required" flag. In embedded mode the
     * system database is initialised with neo4j/neo4j (change required); an embedded transaction runs
     * with full privileges, so ALTER USER is allowed. The password goes in as a query parameter, so
     * it never appears in query text or logs. Re-running with the same password on an existing data
     * dir is fine (Neo4j refuses "new password == old password", which we treat as success).
     */
    private static void setPassword(GraphDatabaseService system, String password) {
        try {
            system.executeTransactionally(
                    "ALTER USER " + USER + " SET PASSWORD $pw CHANGE NOT REQUIRED",
                    Map.of("pw", password));
        } catch (RuntimeException e) {
            String msg = String.valueOf(e.getMessage()) + " " + String.valueOf(e.getCause());
            if (msg.toLowerCase().contains("old password and new password cannot be the same")) {
                // Same password as before: just make sure no change is required.
                system.executeTransactionally("ALTER USER " + USER + " SET PASSWORD CHANGE NOT REQUIRED");
            } else {
                // Never include the password; the Neo4j message does not contain it.
                throw new IllegalStateException("could not set the password of user '" + USER + "': "
                        + e.getMessage(), e);
            }
        }
    }

    private static void waitForBolt(int port, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            if (portInUse(port)) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("Bolt port 127.0.0.1:" + port + " is not accepting connections");
            }
            Thread.sleep(100);
        }
    }

    private static boolean portInUse(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static int parsePort(String v) {
        if (v == null || v.isBlank()) {
            return 7687;
        }
        try {
            int p = Integer.parseInt(v.trim());
            if (p < 1 || p > 65535) {
                throw new NumberFormatException();
            }
            return p;
        } catch (NumberFormatException e) {
            fail("KG_NEO4J_PORT must be a port number 1-65535, got: " + v);
            return -1;
        }
    }

    private static long parseLong(String name, String v, long dflt) {
        if (v == null || v.isBlank()) {
            return dflt;
        }
        try {
            return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            fail(name + " must be an integer, got: " + v);
            return -1;
        }
    }

    private static boolean truthy(String v) {
        return v != null && (v.equals("1") || v.equalsIgnoreCase("true") || v.equalsIgnoreCase("yes"));
    }

    private static void fail(String message) {
        System.err.println("[neo4j-test-server] ERROR: " + message);
        System.exit(2);
    }

    private static void deleteRecursively(Path root) {
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
                    Files.deleteIfExists(dir);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            System.err.println("[neo4j-test-server] could not delete temp dir " + root + ": " + e);
        }
    }
}
