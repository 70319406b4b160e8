// The current instant for a screen that counts days (days left, a held lot's countdown), read once and then every
// `intervalMs`, so rendering stays pure and a page left open still counts down. The product's instant, so a local
// product whose clock was moved ahead counts from its own day (lib/product-time.ts).
import { useEffect, useState } from 'react';
import { productNow } from '../../../lib/product-time';

export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => productNow());
  useEffect(() => {
    const timer = setInterval(() => setNow(productNow()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
