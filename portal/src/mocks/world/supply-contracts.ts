import type { components } from '@/domain/api-schema';
import { ids } from './seeders/context';
import { createRng, hashString } from './prng';
import type { Fleet } from './types';

export type SupplyContract = components['schemas']['SupplyContract'];

/** The two kinds of supply contract a demo fleet may have entered (decision 0082). */
const CONTRACTS: readonly SupplyContract[] = [
  {
    supplier: 'Sunrise Renewables',
    instrument: 'Open-access solar power purchase agreement, 70 % renewable (rest from the grid)',
    intensity: 0.2135,
  },
  { supplier: 'State distribution company', instrument: 'Green tariff, 100 % renewable, with I-RECs', intensity: 0 },
];

/**
 * A fleet's own electricity supply contract, used for its market-based emissions, or null where it has none. The first
 * fleet (the demo fleet's) has one; about a third of the others too. A pure function of the seed and the fleet id.
 */
export function supplyContractOf(seed: number, fleet: Pick<Fleet, 'id'>): SupplyContract | null {
  const r = createRng(seed ^ hashString(fleet.id), 'supply-contract');
  if (fleet.id !== ids.fleet(0) && !r.chance(0, 0, 0.3)) return null;
  return r.pick(0, 1, CONTRACTS);
}
