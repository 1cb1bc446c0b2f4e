import type { Action } from 'svelte/action';

/**
 * Calls `callback` whenever the element scrolls into view inside its scrolling ancestor (an
 * IntersectionObserver): the "show earlier" row at the top of a windowed list loads the older
 * entries as the person scrolls up to it.
 */
export const whenVisible: Action<HTMLElement, () => void> = (node, callback) => {
  let current = callback;
  const observer = new IntersectionObserver((records) => {
    if (records.some((record) => record.isIntersecting)) current();
  });
  observer.observe(node);
  return {
    update(next) {
      current = next;
    },
    destroy() {
      observer.disconnect();
    },
  };
};
