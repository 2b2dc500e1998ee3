import { CsvImportModal, type CsvImportModalProps } from '@/shared/ui/csv-import/csv-import-modal';
import type { VehicleInput } from './api/vehicle-mutations';
import { VEHICLE_IMPORT } from './parse-vehicle-csv';

export type VehicleImportModalProps = Omit<CsvImportModalProps<VehicleInput>, 'config'>;

/** The shared CSV import dialog with the vehicle columns and validation. */
export function VehicleImportModal(props: VehicleImportModalProps) {
  return <CsvImportModal config={VEHICLE_IMPORT} {...props} />;
}
