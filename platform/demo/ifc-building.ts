import { ifcGuid, list, real, ref, StepWriter, str } from '../translation/writers/step-writer';

export interface BuildingOptions {
  name: string;
  storeys: number;
  /** Footprint in metres. */
  width: number;
  depth: number;
  storeyHeight: number;
}

const DEFAULTS: BuildingOptions = { name: 'Demo House', storeys: 2, width: 12, depth: 8, storeyHeight: 3 };
const WALL_THICKNESS = 0.3;

/**
 * A small IFC4 building made by our own code: storeys, four walls each with `Pset_WallCommon`,
 * base quantities and a material, and a front door per storey with `Pset_DoorCommon`.
 */
export function demoBuildingIfc(options: Partial<BuildingOptions> = {}): string {
  const o = { ...DEFAULTS, ...options };
  const w = new StepWriter();
  const g = (seed: string) => str(ifcGuid(`${o.name}/${seed}`));
  const point = (x: number, y: number, z: number) => w.add('IFCCARTESIANPOINT', list([real(x), real(y), real(z)]));
  const dir = (x: number, y: number, z: number) => w.add('IFCDIRECTION', list([real(x), real(y), real(z)]));
  const zAxis = dir(0, 0, 1);
  const placement3d = (x: number, y: number, z: number, xDir = dir(1, 0, 0)) =>
    w.add('IFCAXIS2PLACEMENT3D', ref(point(x, y, z)), ref(zAxis), ref(xDir));
  const origin = placement3d(0, 0, 0);

  const context = w.add('IFCGEOMETRICREPRESENTATIONCONTEXT', '$', "'Model'", '3', '1.E-05', ref(origin), '$');
  const body = w.add(
    'IFCGEOMETRICREPRESENTATIONSUBCONTEXT',
    "'Body'",
    "'Model'",
    '*',
    '*',
    '*',
    '*',
    ref(context),
    '$',
    '.MODEL_VIEW.',
    '$',
  );
  const units = [
    w.add('IFCSIUNIT', '*', '.LENGTHUNIT.', '$', '.METRE.'),
    w.add('IFCSIUNIT', '*', '.AREAUNIT.', '$', '.SQUARE_METRE.'),
    w.add('IFCSIUNIT', '*', '.VOLUMEUNIT.', '$', '.CUBIC_METRE.'),
  ];
  const unitAssignment = w.add('IFCUNITASSIGNMENT', list(units.map(ref)));
  const project = w.add(
    'IFCPROJECT',
    g('project'),
    '$',
    str(o.name),
    '$',
    '$',
    '$',
    '$',
    list([ref(context)]),
    ref(unitAssignment),
  );
  const sitePlacement = w.add('IFCLOCALPLACEMENT', '$', ref(origin));
  const site = w.add(
    'IFCSITE',
    g('site'),
    '$',
    "'Site'",
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
    '$',
    str(o.name),
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
  w.add('IFCRELAGGREGATES', g('project-site'), '$', '$', '$', ref(project), list([ref(site)]));
  w.add('IFCRELAGGREGATES', g('site-building'), '$', '$', '$', ref(site), list([ref(building)]));

  const brick = w.add('IFCMATERIAL', "'Brick'", '$', "'Masonry'");
  const box = (x: number, y: number, z: number, along: [number, number], size: [number, number, number]) => {
    const profilePosition = w.add(
      'IFCAXIS2PLACEMENT2D',
      ref(w.add('IFCCARTESIANPOINT', list([real(size[0] / 2), real(0)]))),
      '$',
    );
    const profile = w.add('IFCRECTANGLEPROFILEDEF', '.AREA.', '$', ref(profilePosition), real(size[0]), real(size[1]));
    const solid = w.add('IFCEXTRUDEDAREASOLID', ref(profile), ref(origin), ref(zAxis), real(size[2]));
    const shape = w.add('IFCSHAPEREPRESENTATION', ref(body), "'Body'", "'SweptSolid'", list([ref(solid)]));
    return {
      shape: w.add('IFCPRODUCTDEFINITIONSHAPE', '$', '$', list([ref(shape)])),
      at: placement3d(x, y, z, dir(along[0], along[1], 0)),
    };
  };

  const storeys: number[] = [];
  const walls: number[] = [];
  const doors: number[] = [];
  const storeyNames = ['Ground Floor', 'First Floor', 'Second Floor', 'Third Floor'];
  for (let level = 0; level < o.storeys; level++) {
    const elevation = level * o.storeyHeight;
    const storeyPlacement = w.add('IFCLOCALPLACEMENT', ref(buildingPlacement), ref(placement3d(0, 0, elevation)));
    const name = storeyNames[level] ?? `Level ${level}`;
    const storey = w.add(
      'IFCBUILDINGSTOREY',
      g(`storey-${level}`),
      '$',
      str(name),
      '$',
      '$',
      ref(storeyPlacement),
      '$',
      '$',
      '.ELEMENT.',
      real(elevation),
    );
    storeys.push(storey);
    const sides: [string, number, number, [number, number], number][] = [
      ['South', 0, 0, [1, 0], o.width],
      ['East', o.width, 0, [0, 1], o.depth],
      ['North', o.width, o.depth, [-1, 0], o.width],
      ['West', 0, o.depth, [0, -1], o.depth],
    ];
    const contained: number[] = [];
    for (const [side, x, y, along, length] of sides) {
      const geometry = box(x, y, 0, along, [length, WALL_THICKNESS, o.storeyHeight]);
      const placement = w.add('IFCLOCALPLACEMENT', ref(storeyPlacement), ref(geometry.at));
      const wall = w.add(
        'IFCWALL',
        g(`wall-${level}-${side}`),
        '$',
        str(`${side} Wall ${name}`),
        '$',
        "'Basic Wall: Brick 300'",
        ref(placement),
        ref(geometry.shape),
        '$',
        '.SOLIDWALL.',
      );
      walls.push(wall);
      contained.push(wall);
      const quantities = [
        w.add('IFCQUANTITYLENGTH', "'Length'", '$', '$', real(length), '$'),
        w.add('IFCQUANTITYLENGTH', "'Height'", '$', '$', real(o.storeyHeight), '$'),
        w.add('IFCQUANTITYVOLUME', "'NetVolume'", '$', '$', real(length * WALL_THICKNESS * o.storeyHeight), '$'),
      ];
      const qto = w.add(
        'IFCELEMENTQUANTITY',
        g(`qto-${level}-${side}`),
        '$',
        "'Qto_WallBaseQuantities'",
        '$',
        '$',
        list(quantities.map(ref)),
      );
      w.add('IFCRELDEFINESBYPROPERTIES', g(`qto-rel-${level}-${side}`), '$', '$', '$', list([ref(wall)]), ref(qto));
    }
    const doorGeometry = box(o.width / 2 - 0.45, -0.05, 0, [1, 0], [0.9, WALL_THICKNESS + 0.1, 2.1]);
    const doorPlacement = w.add('IFCLOCALPLACEMENT', ref(storeyPlacement), ref(doorGeometry.at));
    const door = w.add(
      'IFCDOOR',
      g(`door-${level}`),
      '$',
      str(`Front Door ${name}`),
      '$',
      "'Single Door 900x2100'",
      ref(doorPlacement),
      ref(doorGeometry.shape),
      '$',
      real(2.1),
      real(0.9),
      '.DOOR.',
      '.SINGLE_SWING_LEFT.',
      '$',
    );
    doors.push(door);
    contained.push(door);
    w.add(
      'IFCRELCONTAINEDINSPATIALSTRUCTURE',
      g(`contained-${level}`),
      '$',
      '$',
      '$',
      list(contained.map(ref)),
      ref(storey),
    );
  }
  w.add('IFCRELAGGREGATES', g('building-storeys'), '$', '$', '$', ref(building), list(storeys.map(ref)));

  const single = (name: string, value: string) => w.add('IFCPROPERTYSINGLEVALUE', str(name), '$', value, '$');
  const wallPset = w.add(
    'IFCPROPERTYSET',
    g('pset-wall'),
    '$',
    "'Pset_WallCommon'",
    '$',
    list([
      ref(single('IsExternal', 'IFCBOOLEAN(.T.)')),
      ref(single('LoadBearing', 'IFCBOOLEAN(.T.)')),
      ref(single('FireRating', "IFCLABEL('REI 90')")),
      ref(single('ThermalTransmittance', 'IFCTHERMALTRANSMITTANCEMEASURE(0.24)')),
    ]),
  );
  w.add('IFCRELDEFINESBYPROPERTIES', g('pset-wall-rel'), '$', '$', '$', list(walls.map(ref)), ref(wallPset));
  const doorPset = w.add(
    'IFCPROPERTYSET',
    g('pset-door'),
    '$',
    "'Pset_DoorCommon'",
    '$',
    list([ref(single('IsExternal', 'IFCBOOLEAN(.T.)')), ref(single('FireRating', "IFCLABEL('EI 30')"))]),
  );
  w.add('IFCRELDEFINESBYPROPERTIES', g('pset-door-rel'), '$', '$', '$', list(doors.map(ref)), ref(doorPset));
  w.add('IFCRELASSOCIATESMATERIAL', g('material'), '$', '$', '$', list(walls.map(ref)), ref(brick));
  return w.file(`${o.name}.ifc`, 'IFC4', '2026-01-01T00:00:00');
}
