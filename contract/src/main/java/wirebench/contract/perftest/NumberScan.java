package wirebench.contract.perftest;

/**
 * A fast reader of the comma-separated decimal numbers of a Perftest CSV row, without creating a
 * string per field. It reads only the plain form Perftest's printers write (optional blanks, an
 * optional sign, digits, an optional {@code .} and digits); a row with anything else (a blank
 * field, an exponent, text) is left to the general path. The values equal
 * {@link Double#parseDouble}'s: the digits are gathered exactly in a {@code long} and divided
 * once by an exact power of ten (correctly rounded), and rows with more than 15 significant digits
 * in a field are left to the general path, which checks that they can be held exactly.
 */
final class NumberScan {
    private static final double[] POW10 = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
        1e13, 1e14, 1e15, 1e16, 1e17, 1e18};
    static final int MAX_FIELDS = 32;

    final double[] values = new double[MAX_FIELDS];
    /** Digits after the decimal point per field, -1 without a point. */
    final int[] decimals = new int[MAX_FIELDS];
    int count;
    /** Whether every field after the first started with a blank (Perftest's fixed-width padding). */
    boolean padded;
    /** Whether some field was negative. */
    boolean negative;

    /** Reads {@code line}; false when it is not a row of plain numbers (use the general path). */
    /** Reads {@code line[0..n)}; false when it is not a row of plain numbers. */
    boolean scan(char[] line, int n) {
        int i = 0;
        count = 0;
        padded = true;
        negative = false;
        while (true) {
            if (count == MAX_FIELDS) {
                return false;
            }
            int fieldStart = i;
            while (i < n && line[i] == ' ') {
                i++;
            }
            if (count > 0 && i == fieldStart) {
                padded = false;
            }
            boolean neg = false;
            if (i < n && (line[i] == '-' || line[i] == '+')) {
                neg = line[i] == '-';
                i++;
            }
            long mantissa = 0;
            int digits = 0;
            int significant = 0;
            int dec = -1;
            while (i < n) {
                char c = line[i];
                if (c >= '0' && c <= '9') {
                    if (significant > 0 || c != '0') {
                        significant++;
                    }
                    mantissa = mantissa * 10 + (c - '0');
                    digits++;
                    if (dec >= 0) {
                        dec++;
                    }
                } else if (c == '.' && dec < 0) {
                    dec = 0;
                } else {
                    break;
                }
                i++;
            }
            if (digits == 0 || significant > 15 || dec > 18) {
                return false;
            }
            while (i < n && line[i] == ' ') {
                i++;
            }
            double v = dec > 0 ? mantissa / POW10[dec] : mantissa;
            negative |= neg && mantissa != 0;
            values[count] = neg ? -v : v;
            decimals[count] = dec;
            count++;
            if (i == n) {
                return true;
            }
            if (line[i] != ',') {
                return false;
            }
            i++;
        }
    }
}
