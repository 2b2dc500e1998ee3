/** Word lists the demo world draws names from. */

export const OEM_NAMES = [
  'Ampere Motors',
  'Kinetic Green',
  'Volta Mobility',
  'Ather Works',
  'Revolt Drive',
  'Tork Electric',
  'Okinawa Auto',
  'Hero Electric',
  'Simple Energy',
  'Ultraviolette',
  'Euler Motors',
  'Piaggio EV',
] as const;

export const COUNTRIES = ['India', 'Indonesia', 'Vietnam', 'Thailand', 'Philippines', 'Kenya'] as const;

export const CITIES = [
  { name: 'Bengaluru', lat: 12.9716, lng: 77.5946 },
  { name: 'Pune', lat: 18.5204, lng: 73.8567 },
  { name: 'Delhi', lat: 28.6139, lng: 77.209 },
  { name: 'Mumbai', lat: 19.076, lng: 72.8777 },
  { name: 'Chennai', lat: 13.0827, lng: 80.2707 },
  { name: 'Hyderabad', lat: 17.385, lng: 78.4867 },
  { name: 'Kolkata', lat: 22.5726, lng: 88.3639 },
  { name: 'Ahmedabad', lat: 23.0225, lng: 72.5714 },
  { name: 'Jaipur', lat: 26.9124, lng: 75.7873 },
  { name: 'Lucknow', lat: 26.8467, lng: 80.9462 },
] as const;

export const FIRST_NAMES = [
  'Aarav',
  'Vivaan',
  'Aditya',
  'Diya',
  'Ananya',
  'Ishaan',
  'Kavya',
  'Rohan',
  'Meera',
  'Arjun',
  'Saanvi',
  'Kabir',
  'Nisha',
  'Rahul',
  'Priya',
  'Vikram',
  'Sneha',
  'Farhan',
  'Lakshmi',
  'Zoya',
] as const;

export const LAST_NAMES = [
  'Sharma',
  'Iyer',
  'Patel',
  'Reddy',
  'Khan',
  'Nair',
  'Gupta',
  'Das',
  'Mehta',
  'Singh',
  'Rao',
  'Kulkarni',
  'Bose',
  'Menon',
  'Joshi',
] as const;

export const FLEET_WORDS = [
  'Swift',
  'Green',
  'Metro',
  'Urban',
  'Rapid',
  'Blue',
  'City',
  'Zip',
  'Eco',
  'Prime',
] as const;
export const FLEET_KINDS = ['Logistics', 'Deliveries', 'Rides', 'Couriers', 'Cargo', 'Mobility'] as const;
export const SIM_OPERATORS = ['Airtel', 'Jio', 'Vi', 'BSNL'] as const;

export const EV_MODEL_NAMES = ['Spark', 'Glide', 'Bolt', 'Cargo', 'Urban', 'Trail', 'Rickshaw', 'Max'] as const;
export const BMS_MODEL_NAMES = ['PackGuard', 'CellSense', 'VoltKeeper'] as const;
export const MCU_MODEL_NAMES = ['TorqueX', 'DriveCore', 'SpinMaster'] as const;
export const VCU_MODEL_NAMES = ['BrainBox', 'NodeOne', 'HubLogic'] as const;
