import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The height of a box that ends inside the window as the page opens: at
 * most `max`, at least `min`, else what is left below the box's top (less a
 * margin), so a chat's message box at the bottom of it is in view without
 * scrolling at 1366x768 and on a 390x844 phone. Measured again on resize.
 */
export function fitHeight(top: number, windowHeight: number, max: number, min: number, margin = 16): number {
  return Math.round(Math.max(min, Math.min(max, windowHeight - top - margin)));
}

export function useFitHeight<T extends HTMLElement>(max: number, min = 360) {
  const ref = useRef<T>(null);
  const [height, setHeight] = useState(max);
  useLayoutEffect(() => {
    const measure = () => {
      const el = ref.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top + window.scrollY;
      setHeight(fitHeight(top, window.innerHeight, max, min));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [max, min]);
  return { ref, height };
}
