/**
 * One read at a time behind a cache. Callers that miss while a read of the same thing is under way wait for
 * that read instead of each sending their own.
 *
 * Why (issue 17 §8): the settings, the content and the SMS registry are cached for 30 s, and under fifty
 * visitors at once a copy expires in the middle of a burst: every request and every message then missed at
 * the same moment and read it again, 150 copies of the private settings and 100 seedings of the SMS registry
 * in one go. On PGlite those queue on the server's one thread, a stall of a second that every visitor in
 * flight waited through (the form's p99); on PostgreSQL they took every pooled connection.
 *
 * `version` (the content version, or a cache's own generation) is read when a read starts: a caller joins a
 * read only while the version it started at is still current, so a change made meanwhile is never answered
 * with what was read before it, exactly as without this.
 */
export function readOnce<K, V>(version: () => number = () => 0): (key: K, read: () => Promise<V>) => Promise<V> {
  const reading = new Map<K, { at: number; promise: Promise<V> }>();
  return (key, read) => {
    const at = version();
    const running = reading.get(key);
    if (running && running.at === at) return running.promise;
    const promise = read().finally(() => {
      if (reading.get(key)?.promise === promise) reading.delete(key);
    });
    reading.set(key, { at, promise });
    return promise;
  };
}
