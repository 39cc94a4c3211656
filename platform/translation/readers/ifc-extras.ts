import type { TriangleMesh } from '../model';
import { withIfcModel } from './ifc-api';
import { readIfcGeometry } from './ifc-geometry';
import { webIfc } from './web-ifc';

const { IFCOPENINGELEMENT, IFCOPENINGSTANDARDCASE, IFCSPACE } = webIfc;

/** Which of the entities the built geometry leaves out a viewable asked to have translated. */
export interface IfcExtrasWanted {
  spaces: boolean;
  openings: boolean;
}

export const NO_EXTRAS: IfcExtrasWanted = { spaces: false, openings: false };

/**
 * The triangles of spaces and openings, by express id. The geometry threads leave them out (they are
 * rooms and voids, not built things, and no mesh output or thumbnail wants them), so they are streamed
 * here, in this thread, only for a viewable that shows or hides them (`spaces`, `openingElements`).
 */
export async function readIfcExtras(bytes: Uint8Array, wanted: IfcExtrasWanted): Promise<Map<number, TriangleMesh[]>> {
  return withIfcModel(bytes, (api, modelId) => {
    const types = [
      ...(wanted.spaces ? [IFCSPACE] : []),
      ...(wanted.openings ? [IFCOPENINGELEMENT, IFCOPENINGSTANDARDCASE] : []),
    ];
    const ids: number[] = [];
    for (const type of types) {
      const found = api.GetLineIDsWithType(modelId, type, false);
      for (let i = 0; i < found.size(); i++) ids.push(found.get(i));
    }
    return readIfcGeometry(api, modelId, { ids: ids.sort((a, b) => a - b) }).meshes;
  });
}
