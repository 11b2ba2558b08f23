/**
 * Region lists (spec §3 "Region lists"), as ISO 3166-2 subdivision codes without the country
 * prefix and their common English (or local, where that is what residents use) names.
 */

export interface Region {
  code: string;
  name: string;
}

const list = (pairs: string): Region[] =>
  pairs
    .trim()
    .split('\n')
    .map((row) => {
      const [code, name] = row.split('|');
      return { code: code.trim(), name: name.trim() };
    });

/** United States: the 50 states, the District of Columbia and the three armed-forces areas. */
export const US_STATES = list(`
AL|Alabama
AK|Alaska
AZ|Arizona
AR|Arkansas
CA|California
CO|Colorado
CT|Connecticut
DE|Delaware
DC|District of Columbia
FL|Florida
GA|Georgia
HI|Hawaii
ID|Idaho
IL|Illinois
IN|Indiana
IA|Iowa
KS|Kansas
KY|Kentucky
LA|Louisiana
ME|Maine
MD|Maryland
MA|Massachusetts
MI|Michigan
MN|Minnesota
MS|Mississippi
MO|Missouri
MT|Montana
NE|Nebraska
NV|Nevada
NH|New Hampshire
NJ|New Jersey
NM|New Mexico
NY|New York
NC|North Carolina
ND|North Dakota
OH|Ohio
OK|Oklahoma
OR|Oregon
PA|Pennsylvania
RI|Rhode Island
SC|South Carolina
SD|South Dakota
TN|Tennessee
TX|Texas
UT|Utah
VT|Vermont
VA|Virginia
WA|Washington
WV|West Virginia
WI|Wisconsin
WY|Wyoming
AA|Armed Forces Americas
AE|Armed Forces Europe
AP|Armed Forces Pacific
`);

export const CA_PROVINCES = list(`
AB|Alberta
BC|British Columbia
MB|Manitoba
NB|New Brunswick
NL|Newfoundland and Labrador
NT|Northwest Territories
NS|Nova Scotia
NU|Nunavut
ON|Ontario
PE|Prince Edward Island
QC|Quebec
SK|Saskatchewan
YT|Yukon
`);

export const AU_STATES = list(`
ACT|Australian Capital Territory
NSW|New South Wales
NT|Northern Territory
QLD|Queensland
SA|South Australia
TAS|Tasmania
VIC|Victoria
WA|Western Australia
`);

export const NZ_REGIONS = list(`
AUK|Auckland
BOP|Bay of Plenty
CAN|Canterbury
CIT|Chatham Islands
GIS|Gisborne
HKB|Hawke's Bay
MWT|Manawatū-Whanganui
MBH|Marlborough
NSN|Nelson
NTL|Northland
OTA|Otago
STL|Southland
TKI|Taranaki
TAS|Tasman
WKO|Waikato
WGN|Wellington
WTC|West Coast
`);

export const IE_COUNTIES = list(`
CW|Carlow
CN|Cavan
CE|Clare
CO|Cork
DL|Donegal
D|Dublin
G|Galway
KY|Kerry
KE|Kildare
KK|Kilkenny
LS|Laois
LM|Leitrim
LK|Limerick
LD|Longford
LH|Louth
MO|Mayo
MH|Meath
MN|Monaghan
OY|Offaly
RN|Roscommon
SO|Sligo
TA|Tipperary
WD|Waterford
WH|Westmeath
WX|Wexford
WW|Wicklow
`);

export const ES_PROVINCES = list(`
C|A Coruña
VI|Álava
AB|Albacete
A|Alicante
AL|Almería
O|Asturias
AV|Ávila
BA|Badajoz
PM|Balears
B|Barcelona
BI|Bizkaia
BU|Burgos
CC|Cáceres
CA|Cádiz
S|Cantabria
CS|Castellón
CE|Ceuta
CR|Ciudad Real
CO|Córdoba
CU|Cuenca
SS|Gipuzkoa
GI|Girona
GR|Granada
GU|Guadalajara
H|Huelva
HU|Huesca
J|Jaén
LO|La Rioja
GC|Las Palmas
LE|León
L|Lleida
LU|Lugo
M|Madrid
MA|Málaga
ML|Melilla
MU|Murcia
NA|Navarra
OR|Ourense
P|Palencia
PO|Pontevedra
SA|Salamanca
TF|Santa Cruz de Tenerife
SG|Segovia
SE|Sevilla
SO|Soria
T|Tarragona
TE|Teruel
TO|Toledo
V|Valencia
VA|Valladolid
ZA|Zamora
Z|Zaragoza
`);

export const FR_REGIONS = list(`
ARA|Auvergne-Rhône-Alpes
BFC|Bourgogne-Franche-Comté
BRE|Bretagne
CVL|Centre-Val de Loire
20R|Corse
GES|Grand Est
971|Guadeloupe
973|Guyane
HDF|Hauts-de-France
IDF|Île-de-France
974|La Réunion
972|Martinique
976|Mayotte
NOR|Normandie
NAQ|Nouvelle-Aquitaine
OCC|Occitanie
PDL|Pays de la Loire
PAC|Provence-Alpes-Côte d'Azur
`);

export const DE_STATES = list(`
BW|Baden-Württemberg
BY|Bayern
BE|Berlin
BB|Brandenburg
HB|Bremen
HH|Hamburg
HE|Hessen
MV|Mecklenburg-Vorpommern
NI|Niedersachsen
NW|Nordrhein-Westfalen
RP|Rheinland-Pfalz
SL|Saarland
SN|Sachsen
ST|Sachsen-Anhalt
SH|Schleswig-Holstein
TH|Thüringen
`);

export const NL_PROVINCES = list(`
DR|Drenthe
FL|Flevoland
FR|Fryslân
GE|Gelderland
GR|Groningen
LI|Limburg
NB|Noord-Brabant
NH|Noord-Holland
OV|Overijssel
UT|Utrecht
ZE|Zeeland
ZH|Zuid-Holland
`);

/** Norway's counties as reorganised on 1 January 2024. */
export const NO_COUNTIES = list(`
42|Agder
32|Akershus
33|Buskerud
56|Finnmark
34|Innlandet
15|Møre og Romsdal
18|Nordland
03|Oslo
11|Rogaland
40|Telemark
55|Troms
50|Trøndelag
39|Vestfold
46|Vestland
31|Østfold
`);

export const SE_COUNTIES = list(`
K|Blekinge
W|Dalarna
I|Gotland
X|Gävleborg
N|Halland
Z|Jämtland
F|Jönköping
H|Kalmar
G|Kronoberg
BD|Norrbotten
M|Skåne
AB|Stockholm
D|Södermanland
C|Uppsala
S|Värmland
AC|Västerbotten
Y|Västernorrland
U|Västmanland
O|Västra Götaland
T|Örebro
E|Östergötland
`);

export const GB_NATIONS = list(`
ENG|England
NIR|Northern Ireland
SCT|Scotland
WLS|Wales
`);

/** Region list per ISO 3166-1 alpha-2 country code. */
export const REGIONS_BY_COUNTRY: Readonly<Record<string, readonly Region[]>> = {
  US: US_STATES,
  CA: CA_PROVINCES,
  AU: AU_STATES,
  NZ: NZ_REGIONS,
  IE: IE_COUNTIES,
  ES: ES_PROVINCES,
  FR: FR_REGIONS,
  DE: DE_STATES,
  NL: NL_PROVINCES,
  NO: NO_COUNTIES,
  SE: SE_COUNTIES,
  GB: GB_NATIONS,
};

export function regionsFor(country: string): readonly Region[] {
  return REGIONS_BY_COUNTRY[country.toUpperCase()] ?? [];
}

/** Name of a region by code (case-insensitive), or null when unknown. */
export function regionName(country: string, code: string): string | null {
  const wanted = code.toUpperCase();
  return regionsFor(country).find((r) => r.code.toUpperCase() === wanted)?.name ?? null;
}
