import { list, real, ref, type StepWriter, str } from '../writers/step-writer';

/** The elements of the IFC4 warm-up model that carry properties. */
export interface Elements {
  walls: number[];
  windows: number[];
  members: number[];
  wallType: number;
  layerUsage: number;
}

/**
 * Every element its own property sets and base quantities, as ARCHICAD and Revit export them: the
 * property reader's code is optimised only once it has read thousands (FZK-Haus has 4,451 single
 * values and 3,164 quantities), and one set shared by all the walls left it unoptimised until a
 * person's first real building, which then took 2.5 times as long to describe as the second.
 */
export function writeProperties(
  w: StepWriter,
  g: (seed: string) => string,
  { walls, windows, members, wallType, layerUsage }: Elements,
): void {
  const single = (name: string, value: string) => w.add('IFCPROPERTYSINGLEVALUE', str(name), '$', value, '$');
  const set = (seed: string, name: string, properties: number[], objects: number[]) => {
    const pset = w.add('IFCPROPERTYSET', g(seed), '$', str(name), '$', list(properties.map(ref)));
    w.add('IFCRELDEFINESBYPROPERTIES', g(`${seed}-rel`), '$', '$', '$', list(objects.map(ref)), ref(pset));
  };
  const quantity = (entity: string, name: string, value: number) =>
    w.add(entity, str(name), '$', '$', real(value), '$');
  const quantities = (seed: string, element: number, values: [string, string, number][]) => {
    const qto = w.add(
      'IFCELEMENTQUANTITY',
      g(seed),
      '$',
      "'BaseQuantities'",
      '$',
      '$',
      list(values.map(([entity, name, value]) => ref(quantity(entity, name, value)))),
    );
    w.add('IFCRELDEFINESBYPROPERTIES', g(`${seed}-rel`), '$', '$', '$', list([ref(element)]), ref(qto));
  };
  const archicad = (seed: string, element: number, index: number) =>
    set(
      seed,
      'ArchiCADProperties',
      [
        single('Layer', "IFCLABEL('Tragwerk')"),
        single('Renovation Status', "IFCLABEL('Neu')"),
        single('Count', `IFCINTEGER(${index + 1})`),
        // A quote written twice, and an integer past 2^30 (a date in seconds): paths of the reader's code no other value takes.
        single('Note', "IFCTEXT('Architect''s note')"),
        single('Surveyed', `IFCTIMESTAMP(${1482339244 + index})`),
      ],
      [element],
    );
  const enumeration = w.add(
    'IFCPROPERTYENUMERATION',
    "'PEnum_Status'",
    list(["IFCLABEL('NEW')", "IFCLABEL('EXISTING')"]),
    '$',
  );
  walls.forEach((wall, index) => {
    set(
      `pset-wall-${index}`,
      'Pset_WallCommon',
      [
        single('IsExternal', 'IFCBOOLEAN(.T.)'),
        single('LoadBearing', `IFCBOOLEAN(${index % 2 ? '.T.' : '.F.'})`),
        single('Reference', `IFCIDENTIFIER('AW ${30 + (index % 4)}')`),
        single('FireRating', "IFCLABEL('REI 90 \\X2\\00FC\\X0\\ber')"),
        single('ThermalTransmittance', `IFCTHERMALTRANSMITTANCEMEASURE(0.${24 + (index % 5)})`),
        single('Combustible', 'IFCLOGICAL(.U.)'),
        w.add('IFCPROPERTYENUMERATEDVALUE', "'Status'", '$', list(["IFCLABEL('NEW')"]), ref(enumeration)),
      ],
      [wall],
    );
    archicad(`archicad-wall-${index}`, wall, index);
    quantities(`qto-wall-${index}`, wall, [
      ['IFCQUANTITYLENGTH', 'Length', 5800],
      ['IFCQUANTITYLENGTH', 'Width', 300],
      ['IFCQUANTITYLENGTH', 'Height', 3000],
      ['IFCQUANTITYAREA', 'GrossFootprintArea', 1.74],
      ['IFCQUANTITYAREA', 'NetSideArea', 15.3 + index / 100],
      ['IFCQUANTITYVOLUME', 'NetVolume', 4.6],
      ['IFCQUANTITYWEIGHT', 'GrossWeight', 8300],
      ['IFCQUANTITYCOUNT', 'Openings', 1],
    ]);
  });
  windows.forEach((window, index) =>
    set(
      `pset-window-${index}`,
      'Pset_WindowCommon',
      [
        single('GlazingAreaFraction', 'IFCPOSITIVERATIOMEASURE(0.8)'),
        single('Infiltration', 'IFCVOLUMETRICFLOWRATEMEASURE(0.3)'),
        w.add(
          'IFCPROPERTYBOUNDEDVALUE',
          "'OperatingTemperature'",
          '$',
          'IFCTHERMODYNAMICTEMPERATUREMEASURE(313.)',
          'IFCTHERMODYNAMICTEMPERATUREMEASURE(253.)',
          '$',
          '$',
        ),
        w.add('IFCPROPERTYLISTVALUE', "'Panels'", '$', list(["IFCLABEL('Left')", "IFCLABEL('Right')"]), '$'),
        w.add(
          'IFCCOMPLEXPROPERTY',
          "'Frame'",
          '$',
          "'Frame'",
          list([ref(single('Depth', 'IFCPOSITIVELENGTHMEASURE(80.)')), ref(single('Material', "IFCTEXT('Oak')"))]),
        ),
      ],
      [window],
    ),
  );
  members.forEach((member, index) => {
    archicad(`archicad-member-${index}`, member, index);
    quantities(`qto-member-${index}`, member, [
      ['IFCQUANTITYLENGTH', 'Length', 6000],
      ['IFCQUANTITYAREA', 'CrossSectionArea', 0.06],
      ['IFCQUANTITYVOLUME', 'NetVolume', 0.36],
    ]);
  });
  // One set for many elements too, as Revit relates a shared set to every element that has it.
  set(
    'pset-phase',
    'Pset_Phase',
    [single('Phase', "IFCLABEL('Neubau')"), single('Demolished', 'IFCBOOLEAN(.F.)')],
    [...walls, ...members],
  );
  const typeSet = w.add(
    'IFCPROPERTYSET',
    g('type-pset'),
    '$',
    "'Pset_WallTypeCommon'",
    '$',
    list([ref(single('Manufacturer', "IFCLABEL('Ziegelwerk')"))]),
  );
  w.add('IFCRELDEFINESBYPROPERTIES', g('type-pset-rel'), '$', '$', '$', list([ref(wallType)]), ref(typeSet));
  w.add('IFCRELDEFINESBYTYPE', g('wall-type-rel'), '$', '$', '$', list(walls.map(ref)), ref(wallType));
  w.add('IFCRELASSOCIATESMATERIAL', g('wall-material'), '$', '$', '$', list(walls.map(ref)), ref(layerUsage));
}
