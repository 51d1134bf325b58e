// Context: side panel. The panel's own IndexedDB database and its stores, declared together so they are
// created in one upgrade (contracts/forage-stores.ts says why). Trusts nothing stored.
import localforage from 'localforage';
import { forageStores } from '../contracts/forage-stores';

export const panelDb = forageStores(localforage, 'remixlet-panel', ['settings', 'chats']);
