import { ifcGuid, list, real, ref, StepWriter, str } from '../translation/writers/step-writer';

/**
 * A one-room IFC4 building for the viewable's IFC options: a storey that aggregates a space (the
 * room) and contains a wall, and a window opening that voids the wall (IfcRelVoidsElement). The
 * demo house has neither spaces nor openings.
 */
export function roomIfc(): string {
  const w = new StepWriter();
  const g = (seed: string) => str(ifcGuid(`room/${seed}`));
  const point = (x: number, y: number, z: number) => w.add('IFCCARTESIANPOINT', list([real(x), real(y), real(z)]));
  const dir = (x: number, y: number, z: number) => w.add('IFCDIRECTION', list([real(x), real(y), real(z)]));
  const zAxis = dir(0, 0, 1);
  const xAxis = dir(1, 0, 0);
  const placement3d = (x: number, y: number, z: number) =>
    w.add('IFCAXIS2PLACEMENT3D', ref(point(x, y, z)), ref(zAxis), ref(xAxis));
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
  const units = w.add('IFCUNITASSIGNMENT', list([ref(w.add('IFCSIUNIT', '*', '.LENGTHUNIT.', '$', '.METRE.'))]));
  const project = w.add(
    'IFCPROJECT',
    g('project'),
    '$',
    "'Room'",
    '$',
    '$',
    '$',
    '$',
    list([ref(context)]),
    ref(units),
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
    "'Room Building'",
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
  const storeyPlacement = w.add('IFCLOCALPLACEMENT', ref(buildingPlacement), ref(origin));
  const storey = w.add(
    'IFCBUILDINGSTOREY',
    g('storey'),
    '$',
    "'Ground Floor'",
    '$',
    '$',
    ref(storeyPlacement),
    '$',
    '$',
    '.ELEMENT.',
    real(0),
  );

  /** An extruded box of `size` with its corner at (x, y, z), placed under the storey. */
  const box = (x: number, y: number, z: number, size: [number, number, number]) => {
    const centre = w.add(
      'IFCAXIS2PLACEMENT2D',
      ref(w.add('IFCCARTESIANPOINT', list([real(size[0] / 2), real(size[1] / 2)]))),
      '$',
    );
    const profile = w.add('IFCRECTANGLEPROFILEDEF', '.AREA.', '$', ref(centre), real(size[0]), real(size[1]));
    const solid = w.add('IFCEXTRUDEDAREASOLID', ref(profile), ref(origin), ref(zAxis), real(size[2]));
    const shape = w.add('IFCSHAPEREPRESENTATION', ref(body), "'Body'", "'SweptSolid'", list([ref(solid)]));
    return {
      shape: ref(w.add('IFCPRODUCTDEFINITIONSHAPE', '$', '$', list([ref(shape)]))),
      placement: ref(w.add('IFCLOCALPLACEMENT', ref(storeyPlacement), ref(placement3d(x, y, z)))),
    };
  };
  const wallBox = box(0, 0, 0, [6, 0.3, 3]);
  const wall = w.add(
    'IFCWALL',
    g('wall'),
    '$',
    "'South Wall'",
    '$',
    '$',
    wallBox.placement,
    wallBox.shape,
    '$',
    '.SOLIDWALL.',
  );
  const openingBox = box(2, -0.1, 1, [1.2, 0.5, 1.2]);
  const opening = w.add(
    'IFCOPENINGELEMENT',
    g('opening'),
    '$',
    "'Window Opening'",
    '$',
    '$',
    openingBox.placement,
    openingBox.shape,
    '$',
    '.OPENING.',
  );
  w.add('IFCRELVOIDSELEMENT', g('voids'), '$', '$', '$', ref(wall), ref(opening));
  const spaceBox = box(0, 0.3, 0, [6, 4, 2.8]);
  const space = w.add(
    'IFCSPACE',
    g('space'),
    '$',
    "'Living Room'",
    '$',
    '$',
    spaceBox.placement,
    spaceBox.shape,
    "'Living'",
    '.ELEMENT.',
    '.SPACE.',
    '$',
  );
  w.add('IFCRELAGGREGATES', g('project-site'), '$', '$', '$', ref(project), list([ref(site)]));
  w.add('IFCRELAGGREGATES', g('site-building'), '$', '$', '$', ref(site), list([ref(building)]));
  w.add('IFCRELAGGREGATES', g('building-storey'), '$', '$', '$', ref(building), list([ref(storey)]));
  w.add('IFCRELAGGREGATES', g('storey-space'), '$', '$', '$', ref(storey), list([ref(space)]));
  w.add('IFCRELCONTAINEDINSPATIALSTRUCTURE', g('contained'), '$', '$', '$', list([ref(wall)]), ref(storey));
  return w.file('room.ifc', 'IFC4', '2026-01-01T00:00:00');
}
