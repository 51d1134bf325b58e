// Context: extension UI pages (popup, manager). Storage for a resource holding a list of records with ids:
// a refetch updates the records in place, so <For> keeps their elements and a keyboard user's focus stays
// on the switch or button they just pressed instead of falling back to the page.
import type { Signal } from 'solid-js';
import { createStore, reconcile, unwrap } from 'solid-js/store';

export function reconciledStorage<T>(init: T | undefined): Signal<T | undefined> {
  const [store, setStore] = createStore<{ value: T | undefined }>({ value: init });
  const read = () => store.value;
  const write = (next: unknown) => {
    const value = typeof next === 'function' ? (next as (prev: T | undefined) => T | undefined)(unwrap(store.value)) : (next as T | undefined);
    setStore('value', reconcile(value, { key: 'id' }));
    return store.value;
  };
  return [read, write] as Signal<T | undefined>;
}
