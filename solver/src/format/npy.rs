//! numpy's `.npy` format (version 1.0) for a `uint8` array of the table's shape.

use super::Table;

/// The `.npy` bytes of `table`.
pub(super) fn render(table: &Table) -> Vec<u8> {
    let dims: Vec<String> = table.shape().iter().map(usize::to_string).collect();
    let mut header = format!(
        "{{'descr': '|u1', 'fortran_order': False, 'shape': ({},), }}",
        dims.join(", ")
    );
    // Magic (6) + version (2) + header length (2) + header, padded with spaces to a multiple
    // of 64 and ended by a newline.
    let unpadded = 10 + header.len() + 1;
    header.push_str(&" ".repeat(unpadded.next_multiple_of(64) - unpadded));
    header.push('\n');
    let mut out = b"\x93NUMPY\x01\x00".to_vec();
    out.extend_from_slice(&(header.len() as u16).to_le_bytes());
    out.extend_from_slice(header.as_bytes());
    out.extend(table.values());
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::testing::scores;

    #[test]
    fn header_is_aligned_and_data_follows() {
        let table = scores(2, vec![1, 2, 3, 4]);
        let bytes = render(&table);
        assert_eq!(&bytes[..8], b"\x93NUMPY\x01\x00");
        let header_len = u16::from_le_bytes([bytes[8], bytes[9]]) as usize;
        assert_eq!((10 + header_len) % 64, 0);
        let header = std::str::from_utf8(&bytes[10..10 + header_len]).unwrap();
        assert!(header.starts_with("{'descr': '|u1', 'fortran_order': False, 'shape': (2, 2,), }"));
        assert!(header.ends_with('\n'));
        assert_eq!(&bytes[10 + header_len..], &[1, 2, 3, 4]);
    }
}
