import { type FormEvent, useEffect, useState } from 'react';
import {
  type CarbonSettings,
  carbonSettingsErrors,
  DEFAULT_BASELINES,
  DEFAULT_CHARGING_LOSS_PCT,
  INDIA_GRID_INTENSITY,
} from '@/domain/carbon';
import { toApiError } from '@/shared/api/api-client';
import type { UrlParamChanges } from '@/shared/lib/use-url-params';
import { notify } from '@/shared/ui/notify';
import { type SavedCarbonSettings, useCarbonSettings, useSaveCarbonSettings } from '../api/analysis-api';

export interface SettingsForm {
  gridIntensity: string;
  chargingLossPct: string;
  baseline2w: string;
  baseline3w: string;
  baseline2wSource: string;
  baseline3wSource: string;
  regions: string;
}

const SETTING_KEYS = Object.keys({
  gridIntensity: 0,
  chargingLossPct: 0,
  baseline2w: 0,
  baseline3w: 0,
  baseline2wSource: 0,
  baseline3wSource: 0,
  regions: 0,
} satisfies Record<keyof SettingsForm, 0>) as (keyof SettingsForm)[];

/** The form's values: the URL's (a what-if), else the organisation's saved settings, else the defaults. */
export function formFrom(search: URLSearchParams, saved: SavedCarbonSettings | undefined): SettingsForm {
  return {
    gridIntensity: search.get('gridIntensity') ?? String(saved?.gridIntensity ?? INDIA_GRID_INTENSITY),
    chargingLossPct: search.get('chargingLossPct') ?? String(saved?.chargingLossPct ?? DEFAULT_CHARGING_LOSS_PCT),
    baseline2w: search.get('baseline2w') ?? String(saved?.baseline2w ?? DEFAULT_BASELINES['2 Wheeler'].gPerKm),
    baseline3w: search.get('baseline3w') ?? String(saved?.baseline3w ?? DEFAULT_BASELINES['3 Wheeler'].gPerKm),
    baseline2wSource: search.get('baseline2wSource') ?? saved?.baseline2wSource ?? '',
    baseline3wSource: search.get('baseline3wSource') ?? saved?.baseline3wSource ?? '',
    regions: search.get('regions') ?? saved?.regions ?? '',
  };
}

export interface ContractForm {
  supplier: string;
  instrument: string;
  intensity: string;
}

function contractFrom(saved: SavedCarbonSettings | undefined): ContractForm {
  const c = saved?.supplyContract;
  return { supplier: c?.supplier ?? '', instrument: c?.instrument ?? '', intensity: c ? String(c.intensity) : '' };
}

const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** Field errors of the settings form (the domain's checks plus the region syntax). */
function formErrors(form: SettingsForm): Partial<Record<keyof SettingsForm, string>> {
  const regions: Record<string, number> = {};
  let regionSyntax = false;
  for (const part of form.regions.split(',').filter((p) => p.trim() !== '')) {
    const at = part.lastIndexOf(':');
    const value = Number(part.slice(at + 1));
    if (at <= 0 || part.slice(0, at).trim() === '' || part.slice(at + 1).trim() === '' || !Number.isFinite(value))
      regionSyntax = true;
    else regions[part.slice(0, at).trim()] = value;
  }
  const settings: CarbonSettings = {
    gridIntensity: toNumber(form.gridIntensity),
    chargingLossPct: toNumber(form.chargingLossPct),
    baselines: { '2 Wheeler': toNumber(form.baseline2w), '3 Wheeler': toNumber(form.baseline3w) },
    regions,
  };
  const errors: Partial<Record<keyof SettingsForm, string>> = carbonSettingsErrors(settings);
  if (regionSyntax) errors.regions = 'Write regions as City:intensity, separated by commas (e.g. Pune:0.65).';
  return errors;
}

/**
 * The carbon method's settings form: the figures applied (the URL's what-if, else the organisation's saved settings,
 * else the defaults), the figures typed, and Apply (to the URL), Reset and Save (for the organisation).
 */
export function useCarbonSettingsForm(search: URLSearchParams, update: (changes: UrlParamChanges) => void) {
  const saved = useCarbonSettings();
  const saveSettings = useSaveCarbonSettings();
  const applied = formFrom(search, saved.data);
  const appliedValid = Object.keys(formErrors(applied)).length === 0;
  const [form, setForm] = useState<SettingsForm>(applied);
  const [contract, setContract] = useState<ContractForm>(contractFrom(saved.data));
  const [shownErrors, setShownErrors] = useState<Partial<Record<string, string>>>({});
  // The saved settings arrive after the first render: the form starts from them (the URL's what-if still wins).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the saved settings change, not on each URL edit
  useEffect(() => {
    if (!saved.data) return;
    setForm(formFrom(search, saved.data));
    setContract(contractFrom(saved.data));
  }, [saved.data]);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const errors = formErrors(form);
    setShownErrors(errors);
    if (Object.keys(errors).length > 0) return;
    update(Object.fromEntries(SETTING_KEYS.map((k) => [k, form[k].trim()])));
  };
  const reset = () => {
    setForm(formFrom(new URLSearchParams(), saved.data));
    setContract(contractFrom(saved.data));
    setShownErrors({});
    update(Object.fromEntries(SETTING_KEYS.map((k) => [k, null])));
  };
  const mayEditContract = saved.data?.mayEditContract ?? false;
  /** Saves the form as the organisation's settings; the URL's what-if is cleared, so the saved figures apply. */
  const save = async () => {
    const errors: Record<string, string> = { ...formErrors(form) };
    const hasContract = mayEditContract && (contract.supplier.trim() !== '' || contract.instrument.trim() !== '');
    if (hasContract) {
      if (!contract.supplier.trim()) errors['supplyContract.supplier'] = 'Enter the supplier.';
      if (!contract.instrument.trim())
        errors['supplyContract.instrument'] = 'Enter the instrument (PPA, green tariff, certificates).';
      const intensity = toNumber(contract.intensity);
      if (!Number.isFinite(intensity) || intensity < 0 || intensity > 2)
        errors['supplyContract.intensity'] = "The contract's intensity must be between 0 and 2 t CO2/MWh.";
    }
    setShownErrors(errors);
    if (Object.keys(errors).length > 0) return;
    try {
      const result = await saveSettings.mutateAsync({
        gridIntensity: toNumber(form.gridIntensity),
        chargingLossPct: toNumber(form.chargingLossPct),
        baseline2w: toNumber(form.baseline2w),
        baseline3w: toNumber(form.baseline3w),
        baseline2wSource: form.baseline2wSource.trim() || null,
        baseline3wSource: form.baseline3wSource.trim() || null,
        regions: form.regions.trim() || null,
        ...(mayEditContract
          ? {
              supplyContract: hasContract
                ? {
                    supplier: contract.supplier.trim(),
                    instrument: contract.instrument.trim(),
                    intensity: toNumber(contract.intensity),
                  }
                : null,
            }
          : {}),
      });
      update(Object.fromEntries(SETTING_KEYS.map((k) => [k, null])));
      notify.success(`Saved the carbon settings of ${result.organisation}`);
    } catch (e) {
      const err = toApiError(e);
      setShownErrors(err.fieldErrors ?? {});
      if (!err.fieldErrors) notify.error('The carbon settings could not be saved', { description: err.message });
    }
  };
  const set = (key: keyof SettingsForm) => (value: string | number) => setForm((f) => ({ ...f, [key]: String(value) }));

  return {
    saved,
    saving: saveSettings.isPending,
    applied,
    appliedValid,
    form,
    set,
    contract,
    setContract,
    shownErrors,
    mayEditContract,
    apply,
    reset,
    save,
  };
}

export type CarbonSettingsFormState = ReturnType<typeof useCarbonSettingsForm>;
