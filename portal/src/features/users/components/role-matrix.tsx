import { Text, VisuallyHidden } from '@mantine/core';
import { memo } from 'react';
import {
  ACTION,
  ACTION_LABELS,
  type ActionName,
  PERMISSION_LABELS,
  type PermissionKey,
  type PermissionMap,
} from '@/domain/permissions';
import { applicableActions, keysByArea } from '@/domain/role-editor';
import classes from './role-editor.module.css';

const ACTION_NAMES = Object.keys(ACTION) as ActionName[];
const AREAS = keysByArea();

export interface RoleMatrixProps {
  permissions: PermissionMap;
  /** Bits held before editing: a bit that does not apply to its key may stay (shown dashed) but not be added. */
  initial: PermissionMap;
  /** What the person editing holds: they can grant no more. */
  editor: PermissionMap;
  search: string;
  readOnly?: boolean;
  onChange: (next: PermissionMap) => void;
}

/** Bits the editor may set on a key: those that apply and that they hold (plus what the role held already). */
export function grantableBits(key: PermissionKey, editor: PermissionMap, initial: PermissionMap): number {
  return (applicableActions(key) & (editor[key] ?? 0)) | (initial[key] ?? 0);
}

/** Sets or clears bits of a key; setting any bit sets List too, clearing List clears the key (a page needs List). */
export function toggleBits(permissions: PermissionMap, key: PermissionKey, bits: number, on: boolean): PermissionMap {
  const current = permissions[key] ?? 0;
  let next = on ? current | bits : current & ~bits;
  if (on) next |= ACTION.LIST;
  else if ((bits & ACTION.LIST) !== 0) next = 0;
  const out = { ...permissions };
  if (next === 0) delete out[key];
  else out[key] = next;
  return out;
}

function matches(key: PermissionKey, search: string): boolean {
  const q = search.trim().toLowerCase();
  return !q || key.toLowerCase().includes(q) || PERMISSION_LABELS[key].toLowerCase().includes(q);
}

/**
 * The permission matrix: keys grouped by feature area (rows) x action bits (columns). Only the bits that apply to a key
 * have a box; an area's header row toggles a column (or everything) for the area's keys.
 */
export const RoleMatrix = memo(function RoleMatrix({
  permissions,
  initial,
  editor,
  search,
  readOnly,
  onChange,
}: RoleMatrixProps) {
  const areas = AREAS.map((area) => ({ ...area, keys: area.keys.filter((k) => matches(k, search)) })).filter(
    (a) => a.keys.length > 0,
  );
  if (areas.length === 0) {
    return (
      <Text c="dimmed" size="sm" py="md">
        No permission matches “{search}”.
      </Text>
    );
  }
  const setArea = (keys: PermissionKey[], bitsOf: (key: PermissionKey) => number, on: boolean) => {
    let next = permissions;
    for (const key of keys) {
      const bits = bitsOf(key) & grantableBits(key, editor, initial);
      if (bits !== 0) next = toggleBits(next, key, bits, on);
    }
    onChange(next);
  };
  return (
    <div className={classes.scroller}>
      <table className={classes.matrix}>
        <caption>
          <VisuallyHidden>Permission matrix: permission keys by action</VisuallyHidden>
        </caption>
        <thead>
          <tr>
            <th scope="col" className={classes.keyCell}>
              Permission
            </th>
            {ACTION_NAMES.map((name) => (
              <th key={name} scope="col">
                {ACTION_LABELS[name]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {areas.map((area) => {
            const areaAll = area.keys.every((k) => {
              const g = grantableBits(k, editor, initial) & applicableActions(k);
              return g === 0 || ((permissions[k] ?? 0) & g) === g;
            });
            return [
              <tr key={area.id} className={classes.area}>
                <th scope="rowgroup" className={classes.keyCell}>
                  <label>
                    <input
                      type="checkbox"
                      checked={areaAll}
                      disabled={readOnly}
                      aria-label={`${area.label}: every action`}
                      onChange={(e) => setArea(area.keys, (k) => applicableActions(k), e.currentTarget.checked)}
                    />{' '}
                    {area.label}
                  </label>
                </th>
                {ACTION_NAMES.map((name) => {
                  const bit = ACTION[name];
                  const keys = area.keys.filter((k) => (grantableBits(k, editor, initial) & bit) !== 0);
                  if (keys.length === 0) return <td key={name} />;
                  const all = keys.every((k) => ((permissions[k] ?? 0) & bit) !== 0);
                  return (
                    <td key={name}>
                      <input
                        type="checkbox"
                        checked={all}
                        disabled={readOnly}
                        aria-label={`${area.label}: ${ACTION_LABELS[name]} for every permission`}
                        onChange={(e) => setArea(keys, () => bit, e.currentTarget.checked)}
                      />
                    </td>
                  );
                })}
              </tr>,
              ...area.keys.map((key) => {
                const held = permissions[key] ?? 0;
                const applicable = applicableActions(key);
                const grantable = grantableBits(key, editor, initial);
                return (
                  <tr key={key}>
                    <th scope="row" className={classes.keyCell} style={{ fontWeight: 400 }}>
                      {PERMISSION_LABELS[key]}
                      <span className={classes.keyCode}>{key}</span>
                    </th>
                    {ACTION_NAMES.map((name) => {
                      const bit = ACTION[name];
                      const on = (held & bit) !== 0;
                      const legacy = (applicable & bit) === 0;
                      if (legacy && !on && ((initial[key] ?? 0) & bit) === 0) return <td key={name} />;
                      const canToggle = !readOnly && (on || (grantable & bit) !== 0);
                      return (
                        <td key={name}>
                          <input
                            type="checkbox"
                            className={legacy ? classes.legacy : undefined}
                            checked={on}
                            disabled={!canToggle}
                            title={
                              legacy
                                ? 'Held from the default matrix; it does not apply to this permission and can only be removed.'
                                : canToggle
                                  ? undefined
                                  : 'You do not hold this permission, so you cannot grant it.'
                            }
                            aria-label={`${PERMISSION_LABELS[key]}: ${ACTION_LABELS[name]}`}
                            onChange={(e) => onChange(toggleBits(permissions, key, bit, e.currentTarget.checked))}
                          />
                        </td>
                      );
                    })}
                  </tr>
                );
              }),
            ];
          })}
        </tbody>
      </table>
    </div>
  );
});
