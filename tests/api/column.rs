//! String columns (`validate_column`, offsets of 32 and 64 bits) and separate values
//! (`validate_many`, and the walk the C call uses over values that may be unusable), against
//! their definition: each value validated alone by `utf8x::validate`, the first bad one reported.
//! Values cut at every place, around the column's blocks and the batches of separate values.

use utf8x::__test::{BATCH_BYTES, COLUMN_BLOCK};
use utf8x::{
    __ffi, ColumnOffset, ColumnOutcome, ErrorKind, Outcome, Status, validate_column, validate_many,
};

/// The definition: each value validated alone, the first bad one reported.
fn each<O: ColumnOffset>(values: &[u8], offsets: &[O]) -> ColumnOutcome {
    let at: Vec<usize> = offsets.iter().map(|o| o.position().unwrap()).collect();
    for i in 0..at.len().saturating_sub(1) {
        let r = utf8x::validate(&values[at[i]..at[i + 1]]);
        if !r.is_ok() {
            return ColumnOutcome {
                outcome: r,
                index: i,
            };
        }
    }
    ColumnOutcome {
        outcome: Outcome {
            read: at.last().unwrap_or(&0) - at.first().unwrap_or(&0),
            ..Outcome::default()
        },
        index: at.len().saturating_sub(1),
    }
}

#[test]
// Every column over every sub-range: tens of thousands of calls, hours under Miri.
#[cfg_attr(miri, ignore)]
fn every_cut_of_small_texts_is_each_value_alone() {
    let texts: [&[u8]; 4] = [
        b"a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80z",
        b"ab\xFFc\xE2\x82d",
        b"\xA9\xC3",
        b"",
    ];
    for t in texts {
        let n = t.len();
        // Every column of up to three values over every sub-range.
        for a in 0..=n {
            for b in a..=n {
                for c in b..=n {
                    for d in c..=n {
                        let o32 = [a as i32, b as i32, c as i32, d as i32];
                        let o64 = o32.map(i64::from);
                        let want = each(t, &o32);
                        assert_eq!(validate_column(t, &o32), want, "{t:?} {o32:?}");
                        assert_eq!(validate_column(t, &o64), want, "{t:?} {o32:?}");
                        let many: Vec<&[u8]> = o32
                            .windows(2)
                            .map(|w| &t[w[0] as usize..w[1] as usize])
                            .collect();
                        assert_eq!(validate_many(&many), want, "{t:?} {o32:?}");
                    }
                }
            }
        }
    }
}

#[test]
// Hundreds of columns of 100 KB: slow under Miri.
#[cfg_attr(miri, ignore)]
fn columns_across_blocks_are_each_value_alone() {
    let text: Vec<u8> = "aé€😀"
        .bytes()
        .cycle()
        .take(3 * COLUMN_BLOCK + 100)
        .collect();
    // Values of 10 bytes (whole characters) and of 97 (cut inside characters).
    for step in [10usize, 97] {
        let mut offsets: Vec<i64> = (0..text.len()).step_by(step).map(|o| o as i64).collect();
        offsets.push(text.len() as i64);
        assert_eq!(validate_column(&text, &offsets), each(&text, &offsets));
        // A bad byte around every block edge.
        for edge in [COLUMN_BLOCK, 2 * COLUMN_BLOCK, 3 * COLUMN_BLOCK] {
            for at in edge - 4..edge + 4 {
                let mut t = text.clone();
                t[at] = 0xFF;
                assert_eq!(
                    validate_column(&t, &offsets),
                    each(&t, &offsets),
                    "{step} {at}"
                );
            }
        }
    }
    // One offset inside a character at every position around a block edge.
    let whole: Vec<i64> = (0..text.len()).step_by(10).map(|o| o as i64).collect();
    for at in COLUMN_BLOCK - 12..COLUMN_BLOCK + 12 {
        let mut offsets = whole.clone();
        let i = offsets.partition_point(|&o| o < at as i64);
        offsets.insert(i, at as i64);
        offsets.dedup();
        offsets.push(text.len() as i64);
        assert_eq!(
            validate_column(&text, &offsets),
            each(&text, &offsets),
            "{at}"
        );
    }
}

/// The definition for separate values: each alone, the first bad (or unusable) one reported.
fn each_alone(values: &[Option<&[u8]>]) -> ColumnOutcome {
    let mut total = 0;
    for (index, v) in values.iter().enumerate() {
        let Some(v) = v else {
            return ColumnOutcome {
                outcome: Outcome {
                    status: Status::BadArgument,
                    error: ErrorKind::BadArgument,
                    ..Outcome::default()
                },
                index,
            };
        };
        let outcome = utf8x::validate(v);
        if !outcome.is_ok() {
            return ColumnOutcome { outcome, index };
        }
        total += v.len();
    }
    ColumnOutcome {
        outcome: Outcome {
            read: total,
            ..Outcome::default()
        },
        index: values.len(),
    }
}

#[test]
// Thousands of calls over thousands of values: minutes under Miri.
#[cfg_attr(miri, ignore)]
fn batches_give_each_value_alone() {
    // Values of every length class (empty, short, around a batch, longer than a batch),
    // valid ones from a text of every UTF-8 length.
    let text: Vec<u8> = "aé€😀".bytes().cycle().take(3 * BATCH_BYTES).collect();
    let lengths = [
        0usize,
        1,
        3,
        7,
        8,
        15,
        16,
        17,
        31,
        32,
        33,
        100,
        1000,
        BATCH_BYTES - 1,
    ];
    let mut values: Vec<&[u8]> = Vec::new();
    for i in 0..3000 {
        let mut len = lengths[i * 7 % lengths.len()];
        if i % 500 == 499 {
            len = BATCH_BYTES + 5;
        }
        // Whole characters only: "aé€😀" repeats every 10 bytes.
        let start = i * 7 % 409 * 10;
        let mut end = start + len;
        while end < text.len() && text[end] & 0xC0 == 0x80 {
            end += 1;
        }
        values.push(&text[start..end]);
    }
    let good: Vec<Option<&[u8]>> = values.iter().map(|&v| Some(v)).collect();
    assert_eq!(
        __ffi::validate_each(good.len(), |i| good[i]),
        each_alone(&good)
    );
    assert!(validate_many(&values).outcome.is_ok());
    // One bad value at positions across the batches: a broken or a cut character, a value
    // starting inside one (valid once joined to the value before), an unusable value.
    let cut: &[u8] = b"caf\xC3";
    let rest: &[u8] = b"\xA9lait";
    let broken: &[u8] = b"ab\xFFcd";
    for bad in (0..3000)
        .step_by(37)
        .chain([4, 5, 255, 256, 257, 260, 2999])
    {
        for kind in 0..4 {
            let mut v = good.clone();
            match kind {
                0 => v[bad] = Some(broken),
                1 => v[bad] = Some(cut),
                2 => {
                    v[bad] = Some(cut);
                    if bad + 1 < v.len() {
                        v[bad + 1] = Some(rest);
                    }
                }
                _ => v[bad] = None,
            }
            let want = each_alone(&v);
            assert_eq!(want.index, bad);
            assert_eq!(
                __ffi::validate_each(v.len(), |i| v[i]),
                want,
                "{bad} {kind}"
            );
        }
    }
}

#[test]
fn offsets_that_describe_no_values() {
    let v = b"abc";
    for (offsets, index) in [
        (&[0i32, 2, 1][..], 2),
        (&[-1, 2], 0),
        (&[0, 4], 1),
        (&[2, 1, 3], 1),
    ] {
        let r = validate_column(v, offsets);
        assert_eq!((r.outcome.status, r.index), (Status::BadArgument, index));
    }
    assert_eq!(validate_column::<i32>(v, &[]).index, 0);
    assert!(validate_column(v, &[1i64]).outcome.is_ok());
}
