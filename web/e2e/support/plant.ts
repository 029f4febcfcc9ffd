/**
 * A plant set up over the api for a journey, as the super user (arranging, not what is under
 * test): the line "Mash line" (ML1, Europe/Amsterdam) with a major and a micro scale, grains and
 * micro ingredients, maize, soybean meal and premix in two bins, a dry-mix mode with its speed,
 * a conditioning temperature; and 1000 kg recipes of them released to Trial and Production.
 * Records are remembered by their code (`ids.CORN`).
 */
import { call, type ApiServer } from './api-server';

export interface Plant {
  lineId: string;
  /** The `_id` of every record made, by its code. */
  ids: Record<string, string>;
  /** POSTs `body` to `path` and answers the `_id` of the record made. */
  post: (path: string, body: Record<string, unknown>) => Promise<string>;
  /** A configuration record of the line (`/api/<entity>/add`), remembered by its code. */
  create: (entity: string, body: Record<string, unknown>) => Promise<string>;
  /** A 1000 kg recipe of maize, soybean meal and premix released to production; its id. */
  releasedRecipe: (code: string, name: string, more?: Record<string, unknown>) => Promise<string>;
  /** The body of such a recipe, to add it as someone else. */
  recipeBody: (code: string, name: string, more?: Record<string, unknown>) => Record<string, unknown>;
}

interface Created {
  data: { _id: string };
}

export async function setUpPlant(api: ApiServer, token: string): Promise<Plant> {
  const ids: Record<string, string> = {};
  const post = async (path: string, body: Record<string, unknown>): Promise<string> => {
    const res = await call<Created>(api, 'POST', path, body, token);
    if (res.status !== 200) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
    return res.body.data._id;
  };
  const lineId = await post('/api/lines/add', { name: 'Mash line', code: 'ML1', timezone: 'Europe/Amsterdam', mixerCapacityKg: 4000, nominalBatchTimeS: 300 });
  const create = async (entity: string, body: Record<string, unknown>): Promise<string> => {
    const id = await post(`/api/${entity}/add`, { lineId, ...body });
    if (typeof body.code === 'string') ids[body.code] = id;
    return id;
  };

  const major = await create('scales', { name: 'Major', code: 'S-MAJOR', type: 'MAJOR', capacityKg: 3000, minWeighKg: 5 });
  const micro = await create('scales', { name: 'Micro', code: 'S-MICRO', type: 'MICRO', capacityKg: 25, minWeighKg: 0.05 });
  const grains = await create('materialcategories', { name: 'Grains', code: 'GRAIN', allowedScaleIds: [major] });
  const micros = await create('materialcategories', { name: 'Micro ingredients', code: 'MICRO' });
  for (const [code, name, category] of [['CORN', 'Maize', grains], ['SOY', 'Soybean meal', grains], ['PREMIX', 'Premix', micros]]) {
    await create('materialdirectory', { name, code, materialCategoryId: category });
  }
  await create('bins', { name: 'Bin 1', code: 'BIN-01', scaleId: major, capacityKg: 20000, binMaterials: [{ materialId: ids.CORN }, { materialId: ids.SOY }] });
  await create('bins', { name: 'Bin 30', code: 'BIN-30', scaleId: micro, capacityKg: 500, binMaterials: [{ materialId: ids.PREMIX }] });
  const speed = await create('actionparameters', { name: 'Speed', code: 'SPEED', dataType: 'DECIMAL', min: 10, max: 60, unit: 'rpm' });
  const dry = await create('mixingactions', { name: 'Dry mix', code: 'DRY_MIX', parameters: [speed] });
  await create('mixingmodes', { name: 'Standard', code: 'STD', actions: [{ mixingActionId: dry, sequence: 1 }] });
  await create('miscellaneousparameters', { name: 'Conditioning temperature', code: 'COND_TEMP', dataType: 'DECIMAL', min: 60, max: 90, unit: '°C' });

  const recipeBody = (code: string, name: string, more: Record<string, unknown> = {}): Record<string, unknown> => {
    const w = (scale: string, material: string, setpoint: number, tolerance: number) => ({
      scaleId: ids[scale],
      materialId: ids[material],
      setpoint,
      setpointUnit: 'KG',
      tolerance,
      toleranceUnit: 'KG',
    });
    return {
      lineId,
      code,
      name,
      batchSizeKg: 1000,
      medicationClass: 'NONE',
      mixingModeId: ids.STD,
      weighingItems: [w('S-MAJOR', 'CORN', 600, 3), w('S-MAJOR', 'SOY', 390, 2), w('S-MICRO', 'PREMIX', 10, 0.1)],
      mixingItems: [{ mixingActionId: ids.DRY_MIX, durationS: 60, parameters: [{ parameterId: ids.SPEED, value: 40 }] }],
      miscellaneousItems: [{ miscellaneousParameterId: ids.COND_TEMP, value: 82 }],
      ...more,
    };
  };
  const releasedRecipe = async (code: string, name: string, more: Record<string, unknown> = {}): Promise<string> => {
    const id = await post('/api/recipes/add', recipeBody(code, name, more));
    for (const level of [1, 2]) {
      // The production level is signed (issue 35): the super user's password again.
      const signature = level === 2 ? { password: api.superPassword, meaning: 'APPROVED' } : undefined;
      const res = await call(api, 'POST', '/api/recipes/releaselevel', { id, level, signature }, token);
      if (res.status !== 200) throw new Error(`release ${code} to ${level}: ${JSON.stringify(res.body)}`);
    }
    return id;
  };

  return { lineId, ids, post, create, releasedRecipe, recipeBody };
}
