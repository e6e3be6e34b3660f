//! A first-in first-out queue in a fixed array, so that a game state is plain data and copies without
//! allocating.

/// Up to `CAP` items, oldest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Fifo<T: Copy + Default, const CAP: usize> {
    items: [T; CAP],
    len: u8,
}

impl<T: Copy + Default + PartialEq, const CAP: usize> Fifo<T, CAP> {
    /// An empty queue.
    pub(crate) fn new() -> Self {
        Fifo {
            items: [T::default(); CAP],
            len: 0,
        }
    }

    /// Adds `item` at the back. The callers size `CAP` to the most items the rules can queue (see the
    /// fields of `WerewolfState`), so a full queue is a bug; the item is then dropped rather than panicking.
    pub(crate) fn push(&mut self, item: T) {
        debug_assert!(usize::from(self.len) < CAP, "queue of {CAP} overflows");
        if usize::from(self.len) < CAP {
            self.items[usize::from(self.len)] = item;
            self.len += 1;
        }
    }

    /// The oldest item.
    pub(crate) fn front(&self) -> Option<T> {
        (self.len > 0).then(|| self.items[0])
    }

    /// Removes the oldest item.
    pub(crate) fn pop(&mut self) {
        if self.len > 0 {
            self.items.copy_within(1..usize::from(self.len), 0);
            self.len -= 1;
            self.items[usize::from(self.len)] = T::default();
        }
    }

    /// Removes every item for which `keep` is false; the others keep their order.
    pub(crate) fn retain(&mut self, mut keep: impl FnMut(T) -> bool) {
        let mut kept = 0;
        for i in 0..usize::from(self.len) {
            let item = self.items[i];
            if keep(item) {
                self.items[kept] = item;
                kept += 1;
            }
        }
        for slot in &mut self.items[kept..usize::from(self.len)] {
            *slot = T::default();
        }
        self.len = kept as u8;
    }

    /// The items, oldest first.
    pub(crate) fn as_slice(&self) -> &[T] {
        &self.items[..usize::from(self.len)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_in_first_out() {
        let mut queue: Fifo<u8, 3> = Fifo::new();
        queue.push(1);
        queue.push(2);
        assert_eq!(queue.front(), Some(1));
        queue.pop();
        queue.push(3);
        queue.push(4);
        assert_eq!(queue.as_slice(), [2, 3, 4]);
        queue.pop();
        queue.pop();
        queue.pop();
        assert!(queue.as_slice().is_empty());
        assert_eq!(queue.front(), None);
        // Emptied queues compare equal however they were filled: popped slots are cleared.
        assert_eq!(queue, Fifo::new());
    }

    #[test]
    fn retain_keeps_the_order_and_clears_the_slots_it_frees() {
        let mut queue: Fifo<u8, 4> = Fifo::new();
        for item in [5, 2, 7, 2] {
            queue.push(item);
        }
        queue.retain(|item| item != 2);
        assert_eq!(queue.as_slice(), [5, 7]);
        let mut same: Fifo<u8, 4> = Fifo::new();
        same.push(5);
        same.push(7);
        assert_eq!(queue, same);
        queue.retain(|_| false);
        assert_eq!(queue, Fifo::new());
    }
}
