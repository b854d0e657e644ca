// A page the browser denies all storage (a frame on another site where third-party storage is blocked, as in
// Chrome's Incognito windows and under "block third-party cookies", or a browser set to keep no site data) still
// starts: PyScript opens an IndexedDB database at every start (its package cache, unused here) and fails when the
// browser refuses it. So where reading localStorage throws, the sign of such a page, PyScript gets an IndexedDB
// that lives in memory. The game itself then keeps nothing (web/app/storage.py says so to a player; an embed
// keeps nothing anyway). A classic script, run before PyScript's module.
"use strict";

(() => {
  try {
    void window.localStorage; // throws SecurityError where this document may keep nothing
    return;
  } catch {
    // denied: fall through
  }

  // Each request succeeds in a later task, as IndexedDB's do: handlers are assigned after the call returns.
  const request = (result) => {
    const r = { result: undefined, error: null, readyState: "pending", onsuccess: null, onerror: null };
    setTimeout(() => {
      r.result = result;
      r.readyState = "done";
      r.onsuccess?.({ type: "success", target: r });
    });
    return r;
  };

  class ObjectStore {
    #entries = new Map();
    count() {
      return request(this.#entries.size);
    }
    get(key) {
      return request(this.#entries.get(key));
    }
    getKey(key) {
      return request(this.#entries.has(key) ? key : undefined);
    }
    getAllKeys() {
      return request([...this.#entries.keys()].sort(indexedDB.cmp));
    }
    getAll() {
      return request([...this.#entries].sort((a, b) => indexedDB.cmp(a[0], b[0])).map(([, value]) => value));
    }
    put(value, key) {
      this.#entries.set(key, structuredClone(value));
      return request(key);
    }
    delete(key) {
      this.#entries.delete(key);
      return request(undefined);
    }
    clear() {
      this.#entries.clear();
      return request(undefined);
    }
  }

  class Database {
    onabort = null;
    onclose = null;
    onerror = null;
    onversionchange = null;
    #stores = new Map();
    constructor(name) {
      this.name = name;
      this.version = 1;
    }
    get objectStoreNames() {
      return Object.assign([...this.#stores.keys()], { contains: (name) => this.#stores.has(name) });
    }
    createObjectStore(name) {
      const store = new ObjectStore();
      this.#stores.set(name, store);
      return store;
    }
    transaction() {
      const tx = { oncomplete: null, onerror: null, onabort: null, objectStore: (name) => this.#stores.get(name) };
      setTimeout(() => tx.oncomplete?.({ type: "complete", target: tx }));
      return tx;
    }
    close() {}
  }

  const databases = new Map();
  const indexedDB = {
    open(name) {
      const r = { result: undefined, error: null, transaction: null, readyState: "pending" };
      Object.assign(r, { onsuccess: null, onerror: null, onupgradeneeded: null, onblocked: null });
      setTimeout(() => {
        let db = databases.get(name);
        if (!db) {
          db = new Database(name);
          databases.set(name, db);
          Object.assign(r, { result: db, transaction: db.transaction() });
          r.onupgradeneeded?.({ type: "upgradeneeded", target: r, oldVersion: 0, newVersion: 1 });
        }
        Object.assign(r, { result: db, transaction: null, readyState: "done" });
        r.onsuccess?.({ type: "success", target: r });
      });
      return r;
    },
    deleteDatabase(name) {
      databases.delete(name);
      return request(undefined);
    },
    async databases() {
      return [...databases.keys()].map((name) => ({ name, version: 1 }));
    },
    cmp(a, b) {
      return a < b ? -1 : a > b ? 1 : 0;
    },
  };
  Object.defineProperty(window, "indexedDB", { value: indexedDB, configurable: true });
  window.kingsburgStorageDenied = true; // for the tests
})();
