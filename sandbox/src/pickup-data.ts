// The sandbox's pickup points and places (issue 57): invented addresses at real-looking places, no network. A point has
// the fields PUDO's and Pargo's point lists give; a place is what a shopper types (a suburb or town, or its street
// postal code) with its coordinates, so a search can sort the points by distance from it.

/** One seeded point: code, who runs it, name, street, suburb, city, postal code, province, hours, latitude, longitude, box sizes (a locker's; null for a counter). */
export type PointSeed = readonly [
  code: string, provider: 'pudo' | 'pargo', name: string, address: string, suburb: string, city: string, postalCode: string,
  province: string, openingHours: string, latitude: number, longitude: number, boxes: readonly string[] | null,
];

const MALL = 'Mon-Sun 06:00-22:00';
const ALWAYS = 'Mon-Sun 00:00-24:00';
const CLICKS = 'Mon-Fri 08:00-19:00, Sat 08:00-17:00, Sun 09:00-14:00';
const PEP = 'Mon-Fri 08:30-17:30, Sat 08:30-15:00, Sun 09:00-13:00';
const SML = ['S', 'M', 'L'] as const;
const SMLXL = ['S', 'M', 'L', 'XL'] as const;
const SM = ['S', 'M'] as const;

/** The point the seed closes: a search near Braamfontein lists it as closed. */
export const CLOSED_POINT_CODE = 'PUDO-JHB-0311';

/** 48 points across the nine provinces: PUDO lockers in malls and stations, Pargo counters in Clicks and Pep. */
export const PICKUP_POINTS: readonly PointSeed[] = [
  ['PUDO-JHB-0142', 'pudo', 'Sandton City Locker', '83 Rivonia Road', 'Sandhurst', 'Sandton', '2196', 'Gauteng', MALL, -26.1076, 28.0567, SML],
  ['PUDO-JHB-0207', 'pudo', 'Rosebank Mall Locker', '50 Bath Avenue', 'Rosebank', 'Johannesburg', '2196', 'Gauteng', MALL, -26.1456, 28.041, SMLXL],
  ['PARGO-JHB-0031', 'pargo', 'Clicks Parkhurst', '21 4th Avenue', 'Parkhurst', 'Johannesburg', '2193', 'Gauteng', CLICKS, -26.139, 28.018, null],
  ['PARGO-JHB-0058', 'pargo', 'Pep Braamfontein', '62 Jorissen Street', 'Braamfontein', 'Johannesburg', '2001', 'Gauteng', PEP, -26.1929, 28.0339, null],
  [CLOSED_POINT_CODE, 'pudo', 'Braamfontein Station Locker', '73 Juta Street', 'Braamfontein', 'Johannesburg', '2001', 'Gauteng', ALWAYS, -26.1935, 28.036, SM],
  ['PUDO-SWT-0019', 'pudo', 'Maponya Mall Locker', '2127 Chris Hani Road', 'Klipspruit', 'Soweto', '1809', 'Gauteng', MALL, -26.2625, 27.9, SM],
  ['PARGO-MID-0012', 'pargo', 'Clicks Midrand', '14 Old Pretoria Road', 'Halfway House', 'Midrand', '1685', 'Gauteng', CLICKS, -25.9992, 28.1263, null],
  ['PUDO-PTA-0088', 'pudo', 'Menlyn Park Locker', '101 Atterbury Road', 'Menlyn', 'Pretoria', '0181', 'Gauteng', MALL, -25.7826, 28.2766, SML],
  ['PUDO-PTA-0120', 'pudo', 'Brooklyn Mall Locker', '338 Fehrsen Street', 'Brooklyn', 'Pretoria', '0181', 'Gauteng', MALL, -25.771, 28.237, SM],
  ['PARGO-PTA-0044', 'pargo', 'Pep Hatfield', '1122 Burnett Street', 'Hatfield', 'Pretoria', '0083', 'Gauteng', PEP, -25.7487, 28.238, null],
  ['PUDO-CEN-0033', 'pudo', 'Centurion Mall Locker', '1 Heuwel Avenue', 'Centurion Central', 'Centurion', '0157', 'Gauteng', MALL, -25.8584, 28.1888, SMLXL],
  ['PARGO-EKU-0021', 'pargo', 'Clicks Lakeside Mall', '8 Tom Jones Street', 'Benoni Central', 'Benoni', '1501', 'Gauteng', CLICKS, -26.1885, 28.3206, null],
  ['PUDO-CPT-0015', 'pudo', 'V&A Waterfront Locker', '19 Dock Road', 'V&A Waterfront', 'Cape Town', '8001', 'Western Cape', MALL, -33.9036, 18.4207, SML],
  ['PARGO-CPT-0007', 'pargo', 'Clicks Long Street', '116 Long Street', 'Cape Town City Centre', 'Cape Town', '8001', 'Western Cape', CLICKS, -33.9225, 18.418, null],
  ['PUDO-CPT-0063', 'pudo', 'Cavendish Square Locker', '1 Dreyer Street', 'Claremont', 'Cape Town', '7708', 'Western Cape', MALL, -33.9806, 18.465, SMLXL],
  ['PARGO-CPT-0072', 'pargo', 'Pep Bellville', '210 Voortrekker Road', 'Bellville', 'Cape Town', '7530', 'Western Cape', PEP, -33.9022, 18.629, null],
  ['PARGO-CPT-0090', 'pargo', 'Pep Khayelitsha', '5 Walter Sisulu Road', 'Khayelitsha', 'Cape Town', '7784', 'Western Cape', PEP, -34.04, 18.677, null],
  ['PUDO-STB-0004', 'pudo', 'Eikestad Mall Locker', '43 Andringa Street', 'Stellenbosch Central', 'Stellenbosch', '7600', 'Western Cape', MALL, -33.9366, 18.861, SM],
  ['PUDO-PRL-0006', 'pudo', 'Paarl Mall Locker', '2 Cecilia Street', 'Paarl', 'Paarl', '7646', 'Western Cape', MALL, -33.742, 18.964, SML],
  ['PARGO-GRG-0003', 'pargo', 'Clicks George', '58 York Street', 'George Central', 'George', '6530', 'Western Cape', CLICKS, -33.963, 22.4617, null],
  ['PUDO-DBN-0027', 'pudo', 'Gateway Locker', '1 Palm Boulevard', 'Umhlanga Ridge', 'Umhlanga', '4319', 'KwaZulu-Natal', MALL, -29.7276, 31.0664, SMLXL],
  ['PARGO-DBN-0014', 'pargo', 'Clicks Florida Road', '170 Florida Road', 'Morningside', 'Durban', '4001', 'KwaZulu-Natal', CLICKS, -29.832, 31.008, null],
  ['PUDO-DBN-0051', 'pudo', 'Pavilion Locker', '4 Jack Martens Drive', 'Westville', 'Durban', '3629', 'KwaZulu-Natal', MALL, -29.8495, 30.9325, SML],
  ['PARGO-DBN-0033', 'pargo', 'Pep Durban Central', '301 Dr Pixley KaSeme Street', 'Durban Central', 'Durban', '4001', 'KwaZulu-Natal', PEP, -29.8587, 31.0218, null],
  ['PARGO-PMB-0009', 'pargo', 'Pep Pietermaritzburg', '212 Church Street', 'Pietermaritzburg Central', 'Pietermaritzburg', '3201', 'KwaZulu-Natal', PEP, -29.6006, 30.3794, null],
  ['PUDO-RCB-0002', 'pudo', 'Boardwalk Inkwazi Locker', '8 Bullion Boulevard', 'Richards Bay Central', 'Richards Bay', '3900', 'KwaZulu-Natal', MALL, -28.759, 32.04, SM],
  ['PUDO-GQB-0011', 'pudo', 'Walmer Park Locker', '39 Main Road', 'Walmer', 'Gqeberha', '6070', 'Eastern Cape', MALL, -33.981, 25.574, SML],
  ['PUDO-GQB-0024', 'pudo', 'Baywest Mall Locker', '100 Baywest Boulevard', 'Hunters Retreat', 'Gqeberha', '6025', 'Eastern Cape', MALL, -33.953, 25.45, SMLXL],
  ['PARGO-GQB-0018', 'pargo', 'Clicks Greenacres', '12 Ring Road', 'Newton Park', 'Gqeberha', '6045', 'Eastern Cape', CLICKS, -33.948, 25.565, null],
  ['PUDO-ELS-0008', 'pudo', 'Hemingways Mall Locker', '1 Two Rivers Drive', 'Nahoon Valley', 'East London', '5241', 'Eastern Cape', MALL, -32.966, 27.89, SML],
  ['PARGO-ELS-0006', 'pargo', 'Pep East London', '33 Oxford Street', 'East London Central', 'East London', '5201', 'Eastern Cape', PEP, -33.0153, 27.9116, null],
  ['PARGO-MTH-0002', 'pargo', 'Clicks Mthatha', '40 Sutherland Street', 'Mthatha Central', 'Mthatha', '5099', 'Eastern Cape', CLICKS, -31.5889, 28.7844, null],
  ['PUDO-BFN-0012', 'pudo', 'Mimosa Mall Locker', '131 Kellner Street', 'Brandwag', 'Bloemfontein', '9301', 'Free State', MALL, -29.109, 26.199, SMLXL],
  ['PARGO-BFN-0005', 'pargo', 'Pep Bloemfontein', '77 Maitland Street', 'Bloemfontein Central', 'Bloemfontein', '9301', 'Free State', PEP, -29.117, 26.215, null],
  ['PARGO-WLK-0003', 'pargo', 'Clicks Welkom', '15 Stateway', 'Welkom Central', 'Welkom', '9459', 'Free State', CLICKS, -27.977, 26.735, null],
  ['PUDO-PLK-0007', 'pudo', 'Mall of the North Locker', '1 Bendor Drive', 'Bendor', 'Polokwane', '0699', 'Limpopo', MALL, -23.876, 29.486, SML],
  ['PARGO-PLK-0010', 'pargo', 'Clicks Polokwane', '66 Landdros Mare Street', 'Polokwane Central', 'Polokwane', '0700', 'Limpopo', CLICKS, -23.9045, 29.4689, null],
  ['PARGO-TZN-0001', 'pargo', 'Pep Tzaneen', '19 Danie Joubert Street', 'Tzaneen', 'Tzaneen', '0850', 'Limpopo', PEP, -23.833, 30.163, null],
  ['PUDO-MBB-0009', 'pudo', 'Riverside Mall Locker', '1 Government Boulevard', 'Riverside Park', 'Mbombela', '1201', 'Mpumalanga', MALL, -25.434, 30.964, SML],
  ['PARGO-MBB-0004', 'pargo', 'Clicks Mbombela', '27 Brown Street', 'Mbombela Central', 'Mbombela', '1200', 'Mpumalanga', CLICKS, -25.4745, 30.9703, null],
  ['PARGO-EMA-0002', 'pargo', 'Pep eMalahleni', '18 Mandela Street', 'Witbank', 'eMalahleni', '1035', 'Mpumalanga', PEP, -25.8713, 29.2332, null],
  ['PUDO-KIM-0005', 'pudo', 'Diamond Pavilion Locker', '1 Bultfontein Road', 'Kimberley Central', 'Kimberley', '8301', 'Northern Cape', MALL, -28.745, 24.778, SML],
  ['PARGO-KIM-0003', 'pargo', 'Clicks Kimberley', '48 Du Toitspan Road', 'Kimberley Central', 'Kimberley', '8301', 'Northern Cape', CLICKS, -28.738, 24.764, null],
  ['PARGO-UPT-0001', 'pargo', 'Pep Upington', '23 Schroder Street', 'Upington Central', 'Upington', '8800', 'Northern Cape', PEP, -28.452, 21.256, null],
  ['PUDO-MHK-0003', 'pudo', 'Mega City Locker', '1 Dr James Moroka Drive', 'Mmabatho', 'Mahikeng', '2735', 'North West', MALL, -25.857, 25.64, SM],
  ['PARGO-MHK-0002', 'pargo', 'Pep Mahikeng', '9 Shippard Street', 'Mahikeng Central', 'Mahikeng', '2745', 'North West', PEP, -25.865, 25.644, null],
  ['PUDO-RTB-0006', 'pudo', 'Waterfall Mall Locker', '1 Augrabies Avenue', 'Waterfall East', 'Rustenburg', '0299', 'North West', MALL, -25.695, 27.263, SML],
  ['PARGO-PCH-0002', 'pargo', 'Clicks Potchefstroom', '80 Peter Mokaba Street', 'Potchefstroom Central', 'Potchefstroom', '2531', 'North West', CLICKS, -26.715, 27.1, null],
];

/** A place a shopper may type: its name (a suburb or town), its street postal code, latitude and longitude. */
export type PlaceSeed = readonly [name: string, postalCode: string, latitude: number, longitude: number];

/** The suburbs and towns a search resolves, each with its street postal code; old names kept beside the new. */
export const PLACES: readonly PlaceSeed[] = [
  ['Sandton', '2196', -26.1076, 28.0567], ['Rosebank', '2196', -26.1456, 28.041], ['Parkhurst', '2193', -26.139, 28.018],
  ['Parktown', '2193', -26.178, 28.04], ['Braamfontein', '2001', -26.1929, 28.0339], ['Johannesburg', '2001', -26.2041, 28.0473],
  ['Randburg', '2194', -26.0936, 28.0064], ['Soweto', '1809', -26.2485, 27.854], ['Midrand', '1685', -25.9992, 28.1263],
  ['Pretoria', '0002', -25.7479, 28.2293], ['Hatfield', '0083', -25.7487, 28.238], ['Menlyn', '0181', -25.7826, 28.2766],
  ['Centurion', '0157', -25.8603, 28.1894], ['Benoni', '1501', -26.1885, 28.3206], ['Cape Town', '8001', -33.9249, 18.4241],
  ['Sea Point', '8005', -33.915, 18.388], ['Claremont', '7708', -33.9806, 18.465], ['Bellville', '7530', -33.9022, 18.629],
  ['Khayelitsha', '7784', -34.04, 18.677], ['Stellenbosch', '7600', -33.9321, 18.8602], ['Paarl', '7646', -33.7342, 18.9621],
  ['George', '6530', -33.963, 22.4617], ['Durban', '4001', -29.8587, 31.0218], ['Morningside', '4001', -29.832, 31.008],
  ['Umhlanga', '4319', -29.7276, 31.0664], ['Westville', '3629', -29.835, 30.925], ['Pietermaritzburg', '3201', -29.6006, 30.3794],
  ['Richards Bay', '3900', -28.7807, 32.0383], ['Gqeberha', '6001', -33.9608, 25.6022], ['Port Elizabeth', '6001', -33.9608, 25.6022],
  ['Walmer', '6070', -33.981, 25.574], ['East London', '5201', -33.0153, 27.9116], ['Mthatha', '5099', -31.5889, 28.7844],
  ['Bloemfontein', '9301', -29.0852, 26.1596], ['Welkom', '9459', -27.977, 26.735], ['Polokwane', '0700', -23.9045, 29.4689],
  ['Tzaneen', '0850', -23.833, 30.163], ['Mbombela', '1200', -25.4745, 30.9703], ['Nelspruit', '1200', -25.4745, 30.9703],
  ['eMalahleni', '1035', -25.8713, 29.2332], ['Witbank', '1035', -25.8713, 29.2332], ['Kimberley', '8301', -28.7282, 24.7499],
  ['Upington', '8800', -28.4478, 21.2561], ['Mahikeng', '2745', -25.8652, 25.6442], ['Mafikeng', '2745', -25.8652, 25.6442],
  ['Mmabatho', '2735', -25.84, 25.61], ['Rustenburg', '0299', -25.6676, 27.2421], ['Potchefstroom', '2531', -26.7145, 27.097],
];
