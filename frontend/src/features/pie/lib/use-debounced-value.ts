// A value that follows another once it has stopped changing for `delayMs`: a slider being dragged asks the server
// once it rests, not at every step. Values are compared by their JSON, so a new object with the same fields is no
// change and a re-render does not restart the wait.
import { useEffect, useState } from 'react';

export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  const valueJson = JSON.stringify(value);
  const settledJson = JSON.stringify(settled);
  useEffect(() => {
    if (valueJson === settledJson) return undefined;
    const timer = setTimeout(() => setSettled(JSON.parse(valueJson) as T), delayMs);
    return () => clearTimeout(timer);
  }, [valueJson, settledJson, delayMs]);
  return settled;
}
