import io.graphperf.datagen.b2b.B2bDataset;
import io.graphperf.datagen.format.*;
import java.nio.file.*;
/** Generation speed of relationship rows alone (issue: at least 2 M rows/s with gzip on 2 cores). */
public class RelationshipRate { public static void main(String[] a) throws Exception {
  var groups = new B2bDataset().groups(Double.parseDouble(a[0]), 42, 0).stream().filter(g -> g.kind() == FileGroup.Kind.RELATIONSHIPS).toList();
  Path dir = Files.createTempDirectory("relationship-rate");
  var w = new DatasetWriter(dir, true, Runtime.getRuntime().availableProcessors(), 42);
  long t = System.nanoTime();
  w.write(groups, d -> {});
  double s = (System.nanoTime() - t) / 1e9;
  deleteAll(dir);
  System.out.printf("relationship rows only (TOUCHED + WORKS_FOR, gzip, %d threads): %,d rows in %.2f s = %,.0f rows/s, %.1f MB/s of CSV%n",
     Runtime.getRuntime().availableProcessors(), w.rowsWritten(), s, w.rowsWritten() / s, w.uncompressedBytesWritten() / 1e6 / s);
}
  static void deleteAll(Path dir) throws Exception {
    try (var s = Files.walk(dir)) { for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) Files.delete(p); }
  }
}
