import { VehicleMultiPicker } from '@/shared/ui/vehicle-picker';

export interface AssignedVehiclesInputProps {
  value: string[];
  onChange: (vehicleIds: string[]) => void;
}

/** Vehicles a geofence watches, picked with the portal's one vehicle search; none means every vehicle. */
export function AssignedVehiclesInput({ value, onChange }: AssignedVehiclesInputProps) {
  return (
    <VehicleMultiPicker
      label="Assigned vehicles"
      description="Leave empty to watch every vehicle you can see."
      placeholder="Search VIN or registration"
      value={value}
      onChange={onChange}
    />
  );
}
