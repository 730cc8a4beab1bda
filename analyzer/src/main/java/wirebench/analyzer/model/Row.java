package wirebench.analyzer.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One test point: an ordered map from column name to value. Key columns hold {@link String}s,
 * measures hold {@link Double}s; a missing measure is {@code null}, never a made-up number.
 * Immutable.
 */
public final class Row {
    private final Map<String, Object> values;

    private Row(Map<String, Object> values) {
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    public static Row of(Map<String, Object> values) {
        for (Map.Entry<String, Object> e : values.entrySet()) {
            Object v = e.getValue();
            if (v != null && !(v instanceof String) && !(v instanceof Double)) {
                throw new IllegalArgumentException("column '" + e.getKey() + "': a row holds String or Double, got "
                        + v.getClass().getSimpleName());
            }
        }
        return new Row(values);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The measure in {@code column}, or {@code null} when missing or not a number. */
    public Double number(String column) {
        Object v = values.get(column);
        return v instanceof Double ? (Double) v : null;
    }

    /** The key value in {@code column}, or {@code null}. Numbers are not converted. */
    public String text(String column) {
        Object v = values.get(column);
        return v instanceof String ? (String) v : null;
    }

    public Object get(String column) {
        return values.get(column);
    }

    public boolean has(String column) {
        return values.containsKey(column);
    }

    /** All values in column order (unmodifiable). */
    public Map<String, Object> values() {
        return values;
    }

    /** A copy with {@code column} set (added at the end if new). */
    public Row with(String column, Object value) {
        Map<String, Object> copy = new LinkedHashMap<>(values);
        copy.put(column, value);
        return of(copy);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Row && ((Row) o).values.equals(values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return values.toString();
    }

    /** Builds a row column by column, in order. */
    public static final class Builder {
        private final Map<String, Object> values = new LinkedHashMap<>();

        public Builder key(String column, String value) {
            values.put(column, value);
            return this;
        }

        public Builder measure(String column, Double value) {
            values.put(column, value);
            return this;
        }

        public Builder measure(String column, long value) {
            values.put(column, (double) value);
            return this;
        }

        public Row build() {
            return of(values);
        }
    }
}
