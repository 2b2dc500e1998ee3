import { afterEach, describe, expect, test, vi } from 'vitest';
import type { PersistStorage, StorageValue } from 'zustand/middleware';
import { memoryStorage, userFor } from '@/test/render';
import { createAppStore, restoreAppStore } from './app-store';
import { initialAuthState } from './auth-slice';
import { DETAILS_FILTERS, initialDetailTabState } from './detail-tab-slice';
import { type PersistedGroups, STORE_STORAGE_KEY, STORE_VERSION } from './persistence';

const login = (store: ReturnType<typeof createAppStore>) =>
  store.getState().login({ user: userFor('FA'), token: 't-1', permissions: { db: 1, 'vh.l': 5 } });

afterEach(() => {
  vi.useRealTimers();
});

describe('defaults', () => {
  test('hold every group of spec §3 with its defaults', () => {
    const s = createAppStore({ storage: memoryStorage() }).getState();
    expect(s.auth).toEqual({ user: null, isAuthenticated: false, token: null, permissions: {}, menuCollapse: true });
    expect(s.vehicle.activeTripIndex).toBeNull();
    expect(s.vehicle.activeOffset).toBe(1);
    expect(s.vehicle.loc_analysis_data).toEqual([]);
    expect(s.vehicle.telemetry_error_keys).toEqual([]);
    expect(s.vehicle.isLive).toBe(false);
    expect(s.master).toMatchObject({ loader: false, notificationCount: 0, breadcrumb_history: [], route_history: [] });
    expect(s.model).toEqual({ model_data: null });
    expect(s.socket).toEqual({ socket: null, mqttClient: null });
    expect(s.detailTab).toEqual(initialDetailTabState());
    expect(s.dashboardConfig).toEqual({ dashboards: [] });
  });
});

describe('auth', () => {
  test('login merges the user and marks the session authenticated', () => {
    const store = createAppStore({ storage: memoryStorage() });
    login(store);
    store.getState().login({ user: { ...userFor('FA'), name: 'Renamed' }, token: 't-2', permissions: { db: 1 } });
    const { auth } = store.getState();
    expect(auth.isAuthenticated).toBe(true);
    expect(auth.user).toMatchObject({ id: 'u-fa', name: 'Renamed', role: 'FA' });
    expect(auth.token).toBe('t-2');
  });

  test('logout clears the user and keeps the menu preference', () => {
    const store = createAppStore({ storage: memoryStorage() });
    login(store);
    store.getState().setMenuCollapse(false);
    store.getState().logout();
    expect(store.getState().auth).toEqual({ ...initialAuthState(), menuCollapse: false });
  });

  test('the menu starts collapsed and toggles', () => {
    const store = createAppStore({ storage: memoryStorage() });
    expect(store.getState().auth.menuCollapse).toBe(true);
    store.getState().toggleMenuCollapse();
    expect(store.getState().auth.menuCollapse).toBe(false);
  });
});

describe('details filters', () => {
  test('setting one clears all the others', () => {
    const store = createAppStore({ storage: memoryStorage() });
    for (const filter of DETAILS_FILTERS) {
      store.getState().setDetailsFilter(filter, `${filter}-value`);
      const tab = store.getState().detailTab;
      for (const other of DETAILS_FILTERS) {
        expect(tab[other], `${filter} set, ${other}`).toBe(other === filter ? `${filter}-value` : null);
      }
    }
  });

  test('clear-all clears every filter and nothing else', () => {
    const store = createAppStore({ storage: memoryStorage() });
    store.getState().setDetailTab({ vehicle_uid: 'V-1' });
    store.getState().setDetailsFilter('fault_data', { severity: 3 });
    store.getState().clearDetailsFilters();
    const tab = store.getState().detailTab;
    for (const filter of DETAILS_FILTERS) expect(tab[filter]).toBeNull();
    expect(tab.vehicle_uid).toBe('V-1');
  });
});

describe('overall info', () => {
  test('setting it for one of vehicle, BMS and MCU clears the other two', () => {
    const store = createAppStore({ storage: memoryStorage() });
    store.getState().setOverallInfo('vehicle', { soc: 80 });
    store.getState().setOverallInfo('bms', { cells: 16 });
    let tab = store.getState().detailTab;
    expect(tab.vehicle_overall_info).toBeNull();
    expect(tab.bms_overall_info).toEqual({ cells: 16 });
    store.getState().setOverallInfo('mcu', { rpm: 1 });
    tab = store.getState().detailTab;
    expect(tab.bms_overall_info).toBeNull();
    expect(tab.mcu_overall_info).toEqual({ rpm: 1 });
  });
});

describe('reset', () => {
  test('restores the details-tab state to its initial values', () => {
    const store = createAppStore({ storage: memoryStorage() });
    store.getState().setDetailTab({ vehicle_uid: 'V-1', geo_fence_data: [1] });
    store.getState().setDetailsFilter('onboard_filter', 1);
    store.getState().setOverallInfo('mcu', {});
    store.getState().resetDetailTab();
    expect(store.getState().detailTab).toEqual(initialDetailTabState());
  });
});

describe('dashboard configuration', () => {
  test('adds, updates by id and deletes by id', () => {
    const store = createAppStore({ storage: memoryStorage() });
    const s = () => store.getState();
    s().addDashboard({ id: 'a', name: 'Fleet' });
    s().addDashboard({ id: 'b', name: 'Ops' });
    s().updateDashboard('a', { name: 'Fleet overview', widgets: ['map'] });
    s().updateDashboard('missing', { name: 'x' });
    expect(s().dashboardConfig.dashboards).toEqual([
      { id: 'a', name: 'Fleet overview', widgets: ['map'] },
      { id: 'b', name: 'Ops' },
    ]);
    s().deleteDashboard('a');
    expect(s().dashboardConfig.dashboards).toEqual([{ id: 'b', name: 'Ops' }]);
  });

  test('an update cannot change the id', () => {
    const store = createAppStore({ storage: memoryStorage() });
    store.getState().addDashboard({ id: 'a' });
    store.getState().updateDashboard('a', { id: 'z' });
    expect(store.getState().dashboardConfig.dashboards).toEqual([{ id: 'a' }]);
  });
});

describe('master', () => {
  test('records visits in the route history and the breadcrumb trail', () => {
    const store = createAppStore({ storage: memoryStorage() });
    store.getState().visitRoute({ path: '/vehicle-management', title: 'Vehicle Management' });
    store.getState().visitRoute({ path: '/vehicle/7', title: 'Vehicle Details' });
    store.getState().visitRoute({ path: '/dashboard', title: 'Dashboard' });
    expect(store.getState().master.route_history).toEqual(['/vehicle-management', '/vehicle/7', '/dashboard']);
    expect(store.getState().master.breadcrumb_history).toEqual([]);
  });

  test('merges the master object key by key', () => {
    const store = createAppStore({ storage: memoryStorage() });
    store.getState().mergeMaster({ oems: [1] });
    store.getState().mergeMaster({ models: [2] });
    expect(store.getState().master.master).toEqual({ oems: [1], models: [2] });
  });
});

describe('persistence', () => {
  test('saves auth, master, socket, detail-tab and model under one versioned root key, and nothing else', () => {
    const storage = memoryStorage();
    const store = createAppStore({ storage });
    login(store);
    store.getState().setVehicle({ isLive: true });
    store.getState().addDashboard({ id: 'a' });
    const saved = JSON.parse(storage.data.get(STORE_STORAGE_KEY)!);
    expect([...storage.data.keys()]).toEqual([STORE_STORAGE_KEY]);
    expect(saved.version).toBe(STORE_VERSION);
    expect(Object.keys(saved.state).sort()).toEqual(['auth', 'detailTab', 'master', 'model', 'socket']);
  });

  test('never stores the live connection objects', () => {
    const storage = memoryStorage();
    const store = createAppStore({ storage });
    store.getState().setSocket({ readyState: 1, send: () => {} });
    store.getState().setMqttClient({ connected: true });
    const saved = JSON.parse(storage.data.get(STORE_STORAGE_KEY)!);
    expect(saved.state.socket).toEqual({ wasConnected: true });
  });

  test('restores a saved session into a new store', async () => {
    const storage = memoryStorage();
    const first = createAppStore({ storage });
    login(first);
    first.getState().setDetailsFilter('fault_data', { severity: 2 });
    first.getState().visitRoute({ path: '/audit', title: 'Audit Log' });
    first.getState().setSocket({ live: true });

    const second = createAppStore({ storage });
    expect(await restoreAppStore(second)).toBe('restored');
    const s = second.getState();
    expect(s.auth.isAuthenticated).toBe(true);
    expect(s.auth.user?.role).toBe('FA');
    expect(s.auth.permissions).toEqual({ db: 1, 'vh.l': 5 });
    expect(s.detailTab.fault_data).toEqual({ severity: 2 });
    expect(s.master.breadcrumb_history).toEqual([{ path: '/audit', title: 'Audit Log' }]);
    expect(s.socket).toEqual({ socket: null, mqttClient: null });
  });

  test('migrates version 0 data, which kept the details tab under detail_tab', async () => {
    const storage = memoryStorage();
    storage.data.set(
      STORE_STORAGE_KEY,
      JSON.stringify({ version: 0, state: { detail_tab: { vehicle_uid: 'V-9' }, model: { model_data: { id: 3 } } } }),
    );
    const store = createAppStore({ storage });
    await restoreAppStore(store);
    expect(store.getState().detailTab.vehicle_uid).toBe('V-9');
    expect(store.getState().model.model_data).toEqual({ id: 3 });
    expect(JSON.parse(storage.data.get(STORE_STORAGE_KEY)!).version).toBe(STORE_VERSION);
  });

  test('starts from defaults when the stored data is not JSON', async () => {
    sessionStorage.setItem(STORE_STORAGE_KEY, '{not json');
    const store = createAppStore();
    expect(await restoreAppStore(store)).toBe('restored');
    expect(store.getState().auth).toEqual(initialAuthState());
    sessionStorage.clear();
  });

  test('replaces foreign or mistyped groups with their defaults instead of crashing', async () => {
    const storage = memoryStorage();
    storage.data.set(
      STORE_STORAGE_KEY,
      JSON.stringify({
        version: STORE_VERSION,
        state: {
          auth: { user: { id: 1, role: 'KING' }, token: 5, isAuthenticated: true, menuCollapse: 'yes' },
          master: {
            notificationCount: 'many',
            breadcrumb_history: [{ path: 1 }, { path: '/a', title: 'A' }],
            loader: true,
          },
          detailTab: 'oops',
          model: null,
          socket: { socket: 'ws://leak' },
        },
      }),
    );
    const store = createAppStore({ storage });
    await restoreAppStore(store);
    const s = store.getState();
    expect(s.auth).toEqual(initialAuthState());
    expect(s.master.notificationCount).toBe(0);
    expect(s.master.loader).toBe(true);
    expect(s.master.breadcrumb_history).toEqual([{ path: '/a', title: 'A' }]);
    expect(s.detailTab).toEqual(initialDetailTabState());
    expect(s.model).toEqual({ model_data: null });
    expect(s.socket).toEqual({ socket: null, mqttClient: null });
  });

  test('drops unknown permission keys and a signed-in user with an unknown role', async () => {
    const storage = memoryStorage();
    storage.data.set(
      STORE_STORAGE_KEY,
      JSON.stringify({
        version: STORE_VERSION,
        state: {
          auth: {
            user: userFor('SA'),
            token: 't',
            isAuthenticated: true,
            permissions: { db: 1, 'hack.all': 9, su: -1 },
          },
        },
      }),
    );
    const store = createAppStore({ storage });
    await restoreAppStore(store);
    expect(store.getState().auth.permissions).toEqual({ db: 1 });
  });

  test('starts from defaults when the data comes from a newer, unknown version', async () => {
    const storage = memoryStorage();
    storage.data.set(STORE_STORAGE_KEY, JSON.stringify({ version: 99, state: { auth: { user: userFor('SA') } } }));
    const store = createAppStore({ storage });
    await restoreAppStore(store);
    expect(store.getState().auth.isAuthenticated).toBe(false);
  });

  test('gives up restoring after 5000 ms and keeps the defaults, ignoring a late answer', async () => {
    vi.useFakeTimers();
    let answer: (value: StorageValue<PersistedGroups> | null) => void = () => {};
    const slow: PersistStorage<PersistedGroups> = {
      getItem: () => new Promise((resolve) => (answer = resolve)),
      setItem: () => {},
      removeItem: () => {},
    };
    const store = createAppStore({ storage: slow });
    const outcome = restoreAppStore(store);
    await vi.advanceTimersByTimeAsync(4999);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('timed-out');
    answer({
      version: STORE_VERSION,
      state: { auth: { user: userFor('SA'), token: 't', isAuthenticated: true } } as unknown as PersistedGroups,
    });
    await vi.runAllTimersAsync();
    expect(store.getState().auth.isAuthenticated).toBe(false);
  });
});
