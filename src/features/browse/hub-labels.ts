import type { Region } from '../../../contracts/data-management';

/** The extension types Data Management uses for hubs, in the words people know them by. */
const HUB_TYPES: Record<string, string> = {
  'hubs:autodesk.core:Hub': 'Team hub',
  'hubs:autodesk.a360:PersonalHub': 'Personal hub',
  'hubs:autodesk.bim360:Account': 'BIM 360 / ACC account',
};

export function hubTypeLabel(extensionType: string): string {
  const known = HUB_TYPES[extensionType];
  if (known) return known;
  // An unknown type still reads better as "Some Hub" than as "hubs:vendor.x:SomeHub".
  const last = extensionType.split(':').pop() ?? extensionType;
  return last.replace(/([a-z])([A-Z])/g, '$1 $2') || extensionType;
}

const REGIONS: Record<Region, string> = {
  US: 'United States',
  EMEA: 'Europe',
  AUS: 'Australia',
  CAN: 'Canada',
  DEU: 'Germany',
  IND: 'India',
  JPN: 'Japan',
  GBR: 'United Kingdom',
};

export function regionLabel(region: string): string {
  return REGIONS[region as Region] ?? region;
}
