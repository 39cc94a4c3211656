import { ifcGuid, list, real, ref, StepWriter, str } from '../platform/translation/writers/step-writer';

/** An IFC4 file of one slab (about 3 KB), written with the demo's STEP writer: a job whose engine work is next to nothing. */
export function oneSlabIfc(): string {
  const w = new StepWriter();
  const g = (seed: string) => str(ifcGuid(`bench-slab/${seed}`));
  const point = (x: number, y: number, z: number) => w.add('IFCCARTESIANPOINT', list([real(x), real(y), real(z)]));
  const dir = (x: number, y: number, z: number) => w.add('IFCDIRECTION', list([real(x), real(y), real(z)]));
  const origin = w.add('IFCAXIS2PLACEMENT3D', ref(point(0, 0, 0)), ref(dir(0, 0, 1)), ref(dir(1, 0, 0)));
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
    "'One slab'",
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
  const storeyPlacement = w.add('IFCLOCALPLACEMENT', ref(sitePlacement), ref(origin));
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
  w.add('IFCRELAGGREGATES', g('project-site'), '$', '$', '$', ref(project), list([ref(site)]));
  w.add('IFCRELAGGREGATES', g('site-storey'), '$', '$', '$', ref(site), list([ref(storey)]));
  const profile = w.add(
    'IFCRECTANGLEPROFILEDEF',
    '.AREA.',
    '$',
    ref(w.add('IFCAXIS2PLACEMENT2D', ref(w.add('IFCCARTESIANPOINT', list([real(5), real(4)]))), '$')),
    real(10),
    real(8),
  );
  const solid = w.add('IFCEXTRUDEDAREASOLID', ref(profile), ref(origin), ref(dir(0, 0, 1)), real(0.25));
  const shape = w.add(
    'IFCPRODUCTDEFINITIONSHAPE',
    '$',
    '$',
    list([ref(w.add('IFCSHAPEREPRESENTATION', ref(body), "'Body'", "'SweptSolid'", list([ref(solid)])))]),
  );
  const slab = w.add(
    'IFCSLAB',
    g('slab'),
    '$',
    "'Floor Slab'",
    '$',
    '$',
    ref(w.add('IFCLOCALPLACEMENT', ref(storeyPlacement), ref(origin))),
    ref(shape),
    '$',
    '.FLOOR.',
  );
  w.add('IFCRELCONTAINEDINSPATIALSTRUCTURE', g('contained'), '$', '$', '$', list([ref(slab)]), ref(storey));
  return w.file('one-slab.ifc', 'IFC4', '2026-01-01T00:00:00');
}
