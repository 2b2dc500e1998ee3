import { afterEach, describe, expect, test, vi } from 'vitest';
import type { PersistStorage, StorageValue } from 'zustand/middleware';
import { memoryStorage, userFor } from '@/test/render';
import { createAppStore, restoreAppStore } from './app-store';
import { initialAuthState } from './auth-slice';
import { initialMasterState } from './master-slice';
import { DETAILS_FILTERS, type DetailTabState, initialDetailTabState } from './detail-tab-slice';
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
    expect(s.vehicle.activeOffset).toBe(1);
    expect(s.vehicle.data).toBeNull();
    expect(s.vehicle.commandAcknowledge).toEqual({});
    expect(s.master).toEqual({ loader: false, notificationCount: 0, breadcrumb_history: [] });
    expect(s.model).toEqual({ model_data: null });
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
  const values: { [F in (typeof DETAILS_FILTERS)[number]]: NonNullable<DetailTabState[F]> } = {
    ticket_state_filter: 2,
    fault_data: [3, 4],
    device_status_filter: 1,
    onboard_filter: 0,
    bms_statistics_data: '30d',
    bms_soc_data: 'deep',
  };

  test('setting one clears all the others', () => {
    const store = createAppStore({ storage: memoryStorage() });
    for (const filter of DETAILS_FILTERS) {
      store.getState().setDetailsFilter(filter, values[filter]);
      const tab = store.getState().detailTab;
      for (const other of DETAILS_FILTERS) {
        expect(tab[other], `${filter} set, ${other}`).toEqual(other === filter ? values[filter] : null);
      }
    }
  });

  test('clear-all clears every filter and nothing else', () => {
    const store = createAppStore({ storage: memoryStorage() });
    store.getState().setDetailTab({ vehicle_uid: 'V-1' });
    store.getState().setDetailsFilter('fault_data', [3]);
    store.getState().clearDetailsFilters();
    const tab = store.getState().detailTab;
    for (const filter of DETAILS_FILTERS) expect(tab[filter]).toBeNull();
    expect(tab.vehicle_uid).toBe('V-1');
  });
});

describe('overall info', () => {
  test('choosing the vehicle, BMS or MCU clears the other two and keeps every other field', () => {
    const store = createAppStore({ storage: memoryStorage() });
    store.getState().setDetailTab({ vehicle_uid: 'V-1' });
    store.getState().setDetailsFilter('fault_data', [3]);
    const chosen = () => {
      const { vehicle_overall_info, bms_overall_info, mcu_overall_info } = store.getState().detailTab;
      return { vehicle: vehicle_overall_info, bms: bms_overall_info, mcu: mcu_overall_info };
    };
    store.getState().setOverallInfo('vehicle', 'V-1');
    expect(chosen()).toEqual({ vehicle: 'V-1', bms: null, mcu: null });
    store.getState().setOverallInfo('bms', 'B-1');
    expect(chosen()).toEqual({ vehicle: null, bms: 'B-1', mcu: null });
    store.getState().setOverallInfo('mcu', 'M-1');
    expect(chosen()).toEqual({ vehicle: null, bms: null, mcu: 'M-1' });
    store.getState().setOverallInfo('vehicle', 'V-2');
    expect(chosen()).toEqual({ vehicle: 'V-2', bms: null, mcu: null });
    store.getState().setOverallInfo('vehicle', null);
    expect(chosen()).toEqual({ vehicle: null, bms: null, mcu: null });
    expect(store.getState().detailTab).toMatchObject({ vehicle_uid: 'V-1', fault_data: [3] });
  });

  test('survives a reload in session storage, and a reset clears it', async () => {
    const storage = memoryStorage();
    const store = createAppStore({ storage });
    store.getState().setOverallInfo('bms', 'B-1');
    const reloaded = createAppStore({ storage });
    await restoreAppStore(reloaded);
    expect(reloaded.getState().detailTab.bms_overall_info).toBe('B-1');
    reloaded.getState().resetDetailTab();
    expect(reloaded.getState().detailTab.bms_overall_info).toBeNull();
  });
});

describe('reset', () => {
  test('restores the details-tab state to its initial values', () => {
    const store = createAppStore({ storage: memoryStorage() });
    store.getState().setDetailTab({ vehicle_uid: 'V-1', model_page_component: 'faults' });
    store.getState().setDetailsFilter('onboard_filter', 1);
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
  test('records visits in the breadcrumb trail', () => {
    const store = createAppStore({ storage: memoryStorage() });
    store.getState().visitRoute({ path: '/vehicle-management', title: 'Vehicle Management' });
    store.getState().visitRoute({ path: '/vehicle/7', title: 'Vehicle Details' });
    expect(store.getState().master.breadcrumb_history.map((c) => c.path)).toEqual([
      '/vehicle-management',
      '/vehicle/7',
    ]);
    store.getState().visitRoute({ path: '/dashboard', title: 'Dashboard' });
    expect(store.getState().master.breadcrumb_history).toEqual([]);
  });
});

describe('persistence', () => {
  test('saves auth, master, detail-tab and model under one versioned root key, and nothing else', () => {
    const storage = memoryStorage();
    const store = createAppStore({ storage });
    login(store);
    store.getState().setVehicle({ vehicleUid: 'V-1' });
    store.getState().addDashboard({ id: 'a' });
    const saved = JSON.parse(storage.data.get(STORE_STORAGE_KEY)!);
    expect([...storage.data.keys()]).toEqual([STORE_STORAGE_KEY]);
    expect(saved.version).toBe(STORE_VERSION);
    expect(Object.keys(saved.state).sort()).toEqual(['auth', 'detailTab', 'master', 'model']);
  });

  test('restores a saved session into a new store', async () => {
    const storage = memoryStorage();
    const first = createAppStore({ storage });
    login(first);
    first.getState().setDetailsFilter('fault_data', [2]);
    first.getState().visitRoute({ path: '/audit', title: 'Audit Log' });
    first.getState().setModelData({ id: 'm-1', kind: 'BMS', configurationStep: 3 });

    const second = createAppStore({ storage });
    expect(await restoreAppStore(second)).toBe('restored');
    const s = second.getState();
    expect(s.auth.isAuthenticated).toBe(true);
    expect(s.auth.user?.role).toBe('FA');
    expect(s.auth.permissions).toEqual({ db: 1, 'vh.l': 5 });
    expect(s.detailTab.fault_data).toEqual([2]);
    expect(s.master.breadcrumb_history).toEqual([{ path: '/audit', title: 'Audit Log' }]);
    expect(s.model.model_data).toEqual({ id: 'm-1', kind: 'BMS', configurationStep: 3 });
  });

  test('migrates version 0 data, which kept the details tab under detail_tab', async () => {
    const storage = memoryStorage();
    storage.data.set(
      STORE_STORAGE_KEY,
      JSON.stringify({
        version: 0,
        state: {
          detail_tab: { vehicle_uid: 'V-9' },
          model: { model_data: { id: 'm-3', kind: 'EV', configurationStep: 2 } },
        },
      }),
    );
    const store = createAppStore({ storage });
    await restoreAppStore(store);
    expect(store.getState().detailTab.vehicle_uid).toBe('V-9');
    expect(store.getState().model.model_data).toEqual({ id: 'm-3', kind: 'EV', configurationStep: 2 });
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
  });

  test('migrates version 1 data: drops the socket group and removed fields, resets fields whose type changed', async () => {
    const storage = memoryStorage();
    storage.data.set(
      STORE_STORAGE_KEY,
      JSON.stringify({
        version: 1,
        state: {
          auth: {
            user: userFor('FA'),
            token: 't-1',
            isAuthenticated: true,
            permissions: { db: 1 },
            menuCollapse: false,
          },
          master: {
            master: { oems: [1] },
            route_history: ['/audit'],
            role_data: [{ id: 1 }],
            breadcrumb_history: [{ path: '/audit', title: 'Audit Log' }],
          },
          socket: { wasConnected: true },
          detailTab: {
            vehicle_uid: 'V-1',
            fault_data: { severity: 3 },
            bms_soc_data: 'deep',
            ticket_state_filter: 'open',
            vehicle_overall_info: { soc: 80 },
            geo_fence_data: { id: 'g-1' },
          },
          model: { model_data: { id: 3 } },
        },
      }),
    );
    const store = createAppStore({ storage });
    expect(await restoreAppStore(store)).toBe('restored');
    const s = store.getState();
    expect(s.auth).toMatchObject({ isAuthenticated: true, token: 't-1', menuCollapse: false });
    expect(s.master).toEqual({ ...initialMasterState(), breadcrumb_history: [{ path: '/audit', title: 'Audit Log' }] });
    expect(s.detailTab).toEqual({ ...initialDetailTabState(), vehicle_uid: 'V-1', bms_soc_data: 'deep' });
    expect(s.model).toEqual({ model_data: null });
    const saved = JSON.parse(storage.data.get(STORE_STORAGE_KEY)!);
    expect(saved.version).toBe(STORE_VERSION);
    expect(Object.keys(saved.state).sort()).toEqual(['auth', 'detailTab', 'master', 'model']);
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
