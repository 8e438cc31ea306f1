// The oracle for Java's modified UTF-8 in tests/family/oracles.rs, run once per test as
// `java tests/family/MutfOracle.java` (single-file source launch, no build step).
//
// Input on stdin: strings, each as an unsigned 16-bit big-endian count of UTF-16 units followed
// by the units (big-endian; any units, lone surrogates included), until end of input.
// Output on stdout: for each string, exactly what DataOutputStream.writeUTF writes (the 2-byte
// length, then the modified UTF-8 bytes). Before writing, it checks that
// DataInputStream.readUTF gives the string back, and fails otherwise.
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;

public class MutfOracle {
    public static void main(String[] args) throws IOException {
        DataInputStream in = new DataInputStream(new BufferedInputStream(System.in));
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(System.out));
        long count = 0;
        while (true) {
            int n;
            try {
                n = in.readUnsignedShort();
            } catch (EOFException end) {
                break;
            }
            char[] units = new char[n];
            for (int i = 0; i < n; i++) {
                units[i] = in.readChar();
            }
            String s = new String(units);
            ByteArrayOutputStream buf = new ByteArrayOutputStream();
            new DataOutputStream(buf).writeUTF(s);
            byte[] encoded = buf.toByteArray();
            String back = new DataInputStream(new ByteArrayInputStream(encoded)).readUTF();
            if (!back.equals(s)) {
                System.err.println("readUTF(writeUTF(s)) differs from s for string " + count);
                System.exit(1);
            }
            out.write(encoded);
            count++;
        }
        out.flush();
    }
}
