import { ifcGuid, list, real, ref, StepWriter, str } from '../writers/step-writer';
import { revitFamilies } from './families';

/**
 * An IFC2X3 model for a worker's warm-up, beside the IFC4 one: most buildings people have are IFC2X3
 * exports, and web-ifc gives their entities other classes than IFC4's, which the property reader's
 * optimised code had never met at a person's first IFC2X3 file. Written as ARCHICAD and Revit write
 * it: an owner history on every rooted entity (its date in seconds), standard-case walls, styles
 * through presentation style assignments, property sets and base quantities on every wall, angles in
 * degrees, and a door, a window and a railing on each of its lowest two storeys as Revit's families
 * (families.ts).
 */
export function warmUpIfc2x3(storeys: number): string {
  const w = new StepWriter({ spaced: true });
  const g = (seed: string) => str(ifcGuid(`warm-up-2x3/${seed}`));
  const point = (x: number, y: number, z: number) => w.add('IFCCARTESIANPOINT', list([real(x), real(y), real(z)]));
  const dir = (x: number, y: number, z: number) => w.add('IFCDIRECTION', list([real(x), real(y), real(z)]));
  const zAxis = dir(0, 0, 1);
  const place = (x: number, y: number, z: number) =>
    w.add('IFCAXIS2PLACEMENT3D', ref(point(x, y, z)), ref(zAxis), ref(dir(1, 0, 0)));
  const origin = place(0, 0, 0);
  const person = w.add(
    'IFCPERSONANDORGANIZATION',
    ref(w.add('IFCPERSON', '$', "'Nicht definiert'", '$', '$', '$', '$', '$', '$')),
    ref(w.add('IFCORGANIZATION', '$', "'Nicht definiert'", '$', '$', '$')),
    '$',
  );
  const application = w.add(
    'IFCAPPLICATION',
    ref(w.add('IFCORGANIZATION', "'DDM'", "'Design Data Manager'", '$', '$', '$')),
    "'1.0'",
    "'Warm-up'",
    "'DDM'",
  );
  const history = ref(
    w.add('IFCOWNERHISTORY', ref(person), ref(application), '$', '.ADDED.', '$', '$', '$', '1482339244'),
  );
  const context = w.add('IFCGEOMETRICREPRESENTATIONCONTEXT', '$', "'Model'", '3', '1.E-05', ref(origin), '$');
  const planContext = w.add('IFCGEOMETRICREPRESENTATIONCONTEXT', '$', "'Plan'", '3', '1.E-05', ref(origin), '$');
  const plan = w.add(
    'IFCGEOMETRICREPRESENTATIONSUBCONTEXT',
    '$',
    "'Plan'",
    '*',
    '*',
    '*',
    '*',
    ref(planContext),
    '0.01',
    '.PLAN_VIEW.',
    '$',
  );
  // Angles in degrees, as Revit declares them: a unit converted from the radian.
  const radian = w.add('IFCSIUNIT', '*', '.PLANEANGLEUNIT.', '$', '.RADIAN.');
  const degree = w.add(
    'IFCCONVERSIONBASEDUNIT',
    ref(w.add('IFCDIMENSIONALEXPONENTS', '0', '0', '0', '0', '0', '0', '0')),
    '.PLANEANGLEUNIT.',
    "'DEGREE'",
    ref(w.add('IFCMEASUREWITHUNIT', 'IFCPLANEANGLEMEASURE(0.0174532925199433)', ref(radian))),
  );
  const units = [
    w.add('IFCSIUNIT', '*', '.LENGTHUNIT.', '.MILLI.', '.METRE.'),
    w.add('IFCSIUNIT', '*', '.AREAUNIT.', '$', '.SQUARE_METRE.'),
    w.add('IFCSIUNIT', '*', '.VOLUMEUNIT.', '$', '.CUBIC_METRE.'),
    degree,
  ];
  const project = w.add(
    'IFCPROJECT',
    g('project'),
    history,
    "'Warm-up'",
    '$',
    '$',
    '$',
    '$',
    list([ref(context), ref(planContext)]),
    ref(w.add('IFCUNITASSIGNMENT', list(units.map(ref)))),
  );
  const sitePlacement = w.add('IFCLOCALPLACEMENT', '$', ref(origin));
  const site = w.add(
    'IFCSITE',
    g('site'),
    history,
    "'Gel\\X2\\00E4\\X0\\nde'",
    '$',
    '$',
    ref(sitePlacement),
    '$',
    '$',
    '.ELEMENT.',
    '$',
    '$',
    '$',
    '$',
    '$',
  );
  const buildingPlacement = w.add('IFCLOCALPLACEMENT', ref(sitePlacement), ref(origin));
  const building = w.add(
    'IFCBUILDING',
    g('building'),
    history,
    "'Haus'",
    '$',
    '$',
    ref(buildingPlacement),
    '$',
    '$',
    '.ELEMENT.',
    '$',
    '$',
    '$',
  );
  w.add('IFCRELAGGREGATES', g('project-site'), history, '$', '$', ref(project), list([ref(site)]));
  w.add('IFCRELAGGREGATES', g('site-building'), history, '$', '$', ref(site), list([ref(building)]));
  const rendering = w.add(
    'IFCSURFACESTYLERENDERING',
    ref(w.add('IFCCOLOURRGB', '$', real(0.7), real(0.3), real(0.2))),
    real(0),
    '$',
    '$',
    '$',
    '$',
    '$',
    '$',
    '.NOTDEFINED.',
  );
  const style = w.add(
    'IFCPRESENTATIONSTYLEASSIGNMENT',
    list([ref(w.add('IFCSURFACESTYLE', "'Ziegel'", '.BOTH.', list([ref(rendering)])))]),
  );
  const material = w.add('IFCMATERIAL', "'Ziegel'");
  const single = (name: string, value: string) => w.add('IFCPROPERTYSINGLEVALUE', str(name), '$', value, '$');

  const storeyIds: number[] = [];
  const walls: number[] = [];
  for (let level = 0; level < storeys; level++) {
    const storeyPlacement = w.add('IFCLOCALPLACEMENT', ref(buildingPlacement), ref(place(0, 0, level * 2750)));
    const storey = w.add(
      'IFCBUILDINGSTOREY',
      g(`storey-${level}`),
      history,
      `'Geschoss ${level}'`,
      '$',
      '$',
      ref(storeyPlacement),
      '$',
      '$',
      '.ELEMENT.',
      real(level * 2750),
    );
    storeyIds.push(storey);
    const contained: number[] = [];
    for (let side = 0; side < 4; side++) {
      const profile = w.add(
        'IFCRECTANGLEPROFILEDEF',
        '.AREA.',
        '$',
        ref(w.add('IFCAXIS2PLACEMENT2D', ref(w.add('IFCCARTESIANPOINT', list([real(2500), real(150)]))), '$')),
        real(5000),
        real(300),
      );
      const solid = w.add('IFCEXTRUDEDAREASOLID', ref(profile), ref(origin), ref(zAxis), real(2750));
      w.add('IFCSTYLEDITEM', ref(solid), list([ref(style)]), '$');
      const shape = w.add(
        'IFCPRODUCTDEFINITIONSHAPE',
        '$',
        '$',
        list([ref(w.add('IFCSHAPEREPRESENTATION', ref(context), "'Body'", "'SweptSolid'", list([ref(solid)])))]),
      );
      const wallPlacement = w.add('IFCLOCALPLACEMENT', ref(storeyPlacement), ref(place(side * 5200, 0, 0)));
      const wall = w.add(
        'IFCWALLSTANDARDCASE',
        g(`wall-${level}-${side}`),
        history,
        str(`Wand-Ext-ERDG-${side}`),
        '$',
        '$',
        ref(wallPlacement),
        ref(shape),
        str(`Tag ${level}.${side}`),
      );
      walls.push(wall);
      contained.push(wall);
      const pset = w.add(
        'IFCPROPERTYSET',
        g(`pset-${level}-${side}`),
        history,
        "'Pset_WallCommon'",
        '$',
        list([
          ref(single('IsExternal', 'IFCBOOLEAN(.T.)')),
          ref(single('Reference', "IFCIDENTIFIER('Au\\X2\\00DF\\X0\\enwand')")),
          ref(single('ThermalTransmittance', 'IFCTHERMALTRANSMITTANCEMEASURE(0.24)')),
          ref(single('Note', "IFCLABEL('Hole Has Wall''s Side Material')")),
        ]),
      );
      w.add(
        'IFCRELDEFINESBYPROPERTIES',
        g(`pset-rel-${level}-${side}`),
        history,
        '$',
        '$',
        list([ref(wall)]),
        ref(pset),
      );
      const qto = w.add(
        'IFCELEMENTQUANTITY',
        g(`qto-${level}-${side}`),
        history,
        "'BaseQuantities'",
        '$',
        '$',
        list([
          ref(w.add('IFCQUANTITYLENGTH', "'Length'", '$', '$', real(5000))),
          ref(w.add('IFCQUANTITYAREA', "'NetSideArea'", '$', '$', real(13.75))),
          ref(w.add('IFCQUANTITYVOLUME', "'NetVolume'", '$', '$', real(4.125))),
        ]),
      );
      w.add('IFCRELDEFINESBYPROPERTIES', g(`qto-rel-${level}-${side}`), history, '$', '$', list([ref(wall)]), ref(qto));
    }
    if (level < 2)
      contained.push(
        ...revitFamilies({ w, body: context, plan, origin, history, g, point, dir }, storeyPlacement, level),
      );
    w.add(
      'IFCRELCONTAINEDINSPATIALSTRUCTURE',
      g(`contained-${level}`),
      history,
      '$',
      '$',
      list(contained.map(ref)),
      ref(storey),
    );
  }
  w.add('IFCRELAGGREGATES', g('storeys'), history, '$', '$', ref(building), list(storeyIds.map(ref)));
  w.add('IFCRELASSOCIATESMATERIAL', g('material'), history, '$', '$', list(walls.map(ref)), ref(material));
  return w.file('warm-up-2x3.ifc', 'IFC2X3', '2026-01-01T00:00:00');
}
