/**
 * Runs tasks one after another per key, in the order they were queued. A fan-out that has to
 * read before it emits (new_active_chat reads the holder's abilities) must not let a later,
 * synchronous emit for the same audience (remove_active_chat) overtake it: a tab that heard
 * "removed" before "added" would keep a chat that is gone.
 */
export function inOrderPerKey<K>(onError: (error: unknown) => void): (key: K, task: () => unknown) => void {
  const tails = new Map<K, Promise<void>>();
  return (key, task) => {
    const previous = tails.get(key) ?? Promise.resolve();
    const tail = previous.then(task).then(
      () => undefined,
      (error: unknown) => onError(error),
    );
    tails.set(key, tail);
    // The last task of a key forgets the key, so idle audiences hold no memory.
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
  };
}
