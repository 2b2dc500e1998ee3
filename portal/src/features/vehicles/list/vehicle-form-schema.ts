import { z } from 'zod';
import { CONNECTIVITY } from '@/domain/enums';

export const VIN_PATTERN = /^[A-Z0-9]{17}$/;

const vin = z.string().trim().toUpperCase().regex(VIN_PATTERN, 'The VIN has 17 letters and digits.');
const registrationNumber = z.string().trim().min(1, 'Enter the registration number.').max(20, 'At most 20 characters.');

/** One schema for the add form, the edit form and each CSV import row (the server checks the same rules). */
export const vehicleFormSchema = z.object({
  vin,
  registrationNumber,
  modelId: z.string().min(1, 'Choose a model.'),
  connectivity: z.enum(CONNECTIVITY, { message: 'Choose the connectivity.' }),
  status: z.enum(['0', '1']),
});
export type VehicleFormValues = z.infer<typeof vehicleFormSchema>;

export const cloneFormSchema = z.object({ vin, registrationNumber });
export type CloneFormValues = z.infer<typeof cloneFormSchema>;
