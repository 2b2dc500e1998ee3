import { useMemo } from 'react';
import { CsvImportModal, type CsvImportModalProps } from '@/shared/ui/csv-import/csv-import-modal';
import type { VehicleInput } from './api/vehicle-mutations';
import { vehicleImportConfig } from './parse-vehicle-csv';

export interface VehicleImportModalProps extends Omit<CsvImportModalProps<VehicleInput>, 'config'> {
  /** The EV models in scope, once loaded: the preview then flags a model id that is not one of them. */
  modelIds?: readonly string[];
}

/** The shared CSV import dialog with the vehicle columns and validation. */
export function VehicleImportModal({ modelIds, ...props }: VehicleImportModalProps) {
  const config = useMemo(() => vehicleImportConfig(modelIds ? new Set(modelIds) : undefined), [modelIds]);
  return <CsvImportModal config={config} {...props} />;
}
