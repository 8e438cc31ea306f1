//! The printed report: one table per operation, then the performance goals with pass/miss.

use std::fmt::Write as _;

pub struct Row {
    pub label: String,
    /// Input size: bytes for file rows (printed in KiB), the length for short-string rows.
    pub size: usize,
    /// Whether the input is all ASCII: such rows are judged against the copy, whatever the
    /// conversion (the lipsum corpus has two, "Latin" and "ASCII").
    pub ascii: bool,
    /// Whether every unit is a character of the first plane (below 0x10000, no surrogate): the
    /// conversions between UTF-16 and UTF-32 are then a plain widening or narrowing, judged
    /// against the bare loop that does only that (meaningful for those tables only).
    pub plane0: bool,
    pub values: Vec<f64>,
    pub ratios: Vec<f64>,
}

pub struct Table {
    pub name: &'static str,
    pub title: String,
    pub unit: &'static str,
    pub size_header: &'static str,
    pub columns: Vec<&'static str>,
    pub ratio_labels: Vec<&'static str>,
    pub rows: Vec<Row>,
    /// Whether a geometric-mean row closes the table.
    pub geomean: bool,
    /// Median sample ÷ best sample over all cells (see `timing::spread`).
    pub spread: f64,
}

fn geomean(values: impl Iterator<Item = f64>) -> f64 {
    let (sum, n) = values.fold((0.0, 0), |(s, n), v| (s + v.ln(), n + 1));
    (sum / n as f64).exp()
}

impl Table {
    pub fn geomean_row(&self) -> Row {
        let column = |pick: &dyn Fn(&Row) -> f64| geomean(self.rows.iter().map(pick));
        Row {
            label: "geomean".to_owned(),
            size: 0,
            ascii: false,
            plane0: false,
            values: (0..self.columns.len())
                .map(|i| column(&|r| r.values[i]))
                .collect(),
            ratios: (0..self.ratio_labels.len())
                .map(|i| column(&|r| r.ratios[i]))
                .collect(),
        }
    }

    pub fn render(&self) -> String {
        let label_w = self
            .rows
            .iter()
            .map(|r| r.label.len())
            .max()
            .unwrap_or(0)
            .max(8);
        let widths: Vec<usize> = self.columns.iter().map(|c| c.len().max(7)).collect();
        let ratio_w: Vec<usize> = self.ratio_labels.iter().map(|c| c.len().max(6)).collect();
        let mut out = format!("== {}: {} ({}) ==\n", self.name, self.title, self.unit);
        let _ = writeln!(
            out,
            "   noise: median sample {:.0}% above the best (a few % on an idle machine)",
            (self.spread - 1.0) * 100.0
        );
        let _ = write!(out, "{:<label_w$} {:>5}", "input", self.size_header);
        for (c, w) in self.columns.iter().zip(&widths) {
            let _ = write!(out, "  {c:>w$}");
        }
        out.push_str("  |");
        for (c, w) in self.ratio_labels.iter().zip(&ratio_w) {
            let _ = write!(out, "  {c:>w$}");
        }
        out.push('\n');
        let summary = self.geomean.then(|| self.geomean_row());
        for row in self.rows.iter().chain(&summary) {
            let size = match (row.size, self.size_header) {
                (0, _) => String::new(),
                (n, "KiB") => format!("{:.0}", n as f64 / 1024.0),
                (n, _) => n.to_string(),
            };
            let _ = write!(out, "{:<label_w$} {size:>5}", row.label);
            for (v, w) in row.values.iter().zip(&widths) {
                let _ = write!(out, "  {:>w$}", number(*v));
            }
            out.push_str("  |");
            for (v, w) in row.ratios.iter().zip(&ratio_w) {
                let _ = write!(out, "  {:>w$}", format!("{v:.2}x"));
            }
            out.push('\n');
        }
        out
    }
}

/// Three significant digits or so, whatever the magnitude.
fn number(v: f64) -> String {
    match v {
        v if !v.is_finite() => "-".to_owned(),
        v if v >= 100.0 => format!("{v:.0}"),
        v if v >= 10.0 => format!("{v:.1}"),
        v if v >= 1.0 => format!("{v:.2}"),
        v => format!("{v:.3}"),
    }
}

/// Which rows of a table a target is judged on.
pub enum Scope {
    /// The geometric mean over the rows (the worst row is shown beside it).
    Geomean,
    /// Every row whose size is at most this (short-string tables).
    RowsUpTo(usize),
    /// The worst of the rows whose input is all ASCII.
    Ascii,
    /// The worst of the rows whose input is not all ASCII.
    NotAscii,
    /// The worst of every row.
    Every,
    /// The worst of the rows whose input is all of the first plane (`Row::plane0`).
    FirstPlane,
}

/// A performance goal: the ratio column `ratio` of table `table` must reach `min`.
pub struct Target {
    pub goal: String,
    pub table: &'static str,
    pub ratio: &'static str,
    pub min: f64,
    pub scope: Scope,
    /// Another ratio column of the same table quoted beside the verdict, e.g. how far simdutf
    /// itself gets past glibc.
    pub beside: Option<&'static str>,
}

impl Target {
    /// One summary line: PASS/MISS, the value judged, and the worst row; `None` when the table
    /// was not run.
    pub fn judge(&self, tables: &[Table]) -> Option<String> {
        let table = tables.iter().find(|t| t.name == self.table)?;
        let column = |label: &str| {
            let col = table.ratio_labels.iter().position(|&l| l == label);
            col.unwrap_or_else(|| panic!("target {}: no ratio column {label}", self.goal))
        };
        let col = column(self.ratio);
        let rows: Vec<&Row> = match self.scope {
            Scope::Geomean => table.rows.iter().collect(),
            Scope::RowsUpTo(max) => table.rows.iter().filter(|r| r.size <= max).collect(),
            Scope::Ascii => table.rows.iter().filter(|r| r.ascii).collect(),
            Scope::NotAscii => table.rows.iter().filter(|r| !r.ascii).collect(),
            Scope::Every => table.rows.iter().collect(),
            Scope::FirstPlane => table.rows.iter().filter(|r| r.plane0).collect(),
        };
        let worst = rows
            .iter()
            .min_by(|a, b| a.ratios[col].total_cmp(&b.ratios[col]))
            .expect("target over no rows");
        let worst_text = format!("worst {} {:.2}x", worst.label, worst.ratios[col]);
        let (value, detail) = match self.scope {
            Scope::Geomean => (
                table.geomean_row().ratios[col],
                format!("geomean, {worst_text}"),
            ),
            Scope::RowsUpTo(max) => (
                worst.ratios[col],
                format!("every length <= {max}: {worst_text}"),
            ),
            Scope::Ascii => (worst.ratios[col], format!("all-ASCII texts: {worst_text}")),
            Scope::NotAscii => (worst.ratios[col], format!("other texts: {worst_text}")),
            Scope::Every => (worst.ratios[col], format!("every text: {worst_text}")),
            Scope::FirstPlane => (
                worst.ratios[col],
                format!("first-plane texts: {worst_text}"),
            ),
        };
        let beside = self.beside.map_or(String::new(), |label| {
            format!(
                "; {label} {:.2}x",
                table.geomean_row().ratios[column(label)]
            )
        });
        let verdict = if value >= self.min { "PASS" } else { "MISS" };
        Some(format!(
            "  {verdict}  {:<52} {value:>7.2}x (need {:.1}x; {detail}{beside})",
            self.goal, self.min
        ))
    }
}
