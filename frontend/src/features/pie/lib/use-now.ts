// The current instant for a screen that counts days (days left, a held lot's countdown), read once and then every
// `intervalMs`, so rendering stays pure and a page left open still counts down.
import { useEffect, useState } from 'react';

export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
