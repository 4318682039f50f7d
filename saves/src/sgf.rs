//! SGF FF[4] records.
