package org.xgrag.embedded;

import java.util.List;
import java.util.stream.Stream;

import org.neo4j.procedure.Description;
import org.neo4j.procedure.Mode;
import org.neo4j.procedure.Procedure;

/**
 * Stub for {@code gds.debug.arrow}, which exists only in licensed GDS. graphdatascience
 * clients 1.x/2.0 call it while constructing {@code GraphDataScience(...)} and fail with
 * ProcedureNotFound against OpenGDS; answering "Arrow disabled" makes them fall back to Bolt.
 * (Client 2.2 already treats a missing procedure the same way.)
 * Picked up by the launcher's scan of the {@code org.xgrag} prefix.
 */
public class ArrowStubProcedure {

    public static final class ArrowInfo {
        public String listenAddress = "";
        public String advertisedListenAddress = "";
        public String serverLocation = "";
        public boolean enabled = false;
        public boolean running = false;
        public long batchSize = 0;
        public List<String> versions = List.of();
    }

    @Procedure(name = "gds.debug.arrow", mode = Mode.READ)
    @Description("xgrag stub: Arrow Flight server is not available in OpenGDS (always disabled).")
    public Stream<ArrowInfo> arrow() {
        return Stream.of(new ArrowInfo());
    }
}
