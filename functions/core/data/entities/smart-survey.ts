import { Entity, type EntityItem } from 'electrodb';
import { ENTITY_SERVICE, lazyEntity } from '../entity-service.ts';

/**
 * An in-app survey (admin-console.md section 3, Survey): what the app shows as a toast at the given
 * timings until the expire date, per language, and what its button does (open a Typeform, open a
 * page, or the upgrade screen). The few surveys are listed together in sid order.
 */
export const SmartSurvey = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'smartSurvey', version: '1', service: ENTITY_SERVICE },
      attributes: {
        sid: { type: 'string', required: true, readOnly: true },
        surveyType: { type: 'string', required: true },
        actionType: { type: 'string', required: true },
        displayMode: { type: 'string' },
        locates: {
          type: 'list',
          required: true,
          items: {
            type: 'map',
            properties: {
              language: { type: 'string', required: true },
              typeformId: { type: 'string' },
              redirectUrl: { type: 'string' },
              message: { type: 'string', required: true },
              confirmMessage: { type: 'string', required: true },
            },
          },
        },
        timingTypes: { type: 'list', required: true, items: { type: 'string' } },
        expireDate: { type: 'number', required: true },
        created: { type: 'number', required: true, readOnly: true },
        updated: { type: 'number', required: true },
      },
      indexes: {
        bySid: { pk: { field: 'pk', composite: ['sid'] }, sk: { field: 'sk', composite: [] } },
        all: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: [] },
          sk: { field: 'gsi1sk', composite: ['sid'] },
        },
      },
    }),
);
export type SmartSurveyItem = EntityItem<ReturnType<typeof SmartSurvey>>;

/**
 * Who a survey type is shown to: a uid or a cid (installation id). Keyed by survey type and id, so an
 * upload repeated is the same write, and the console's search by ID is a prefix query.
 */
export const SurveyTarget = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'surveyTarget', version: '1', service: ENTITY_SERVICE },
      attributes: {
        surveyType: { type: 'string', required: true, readOnly: true },
        id: { type: 'string', required: true, readOnly: true },
        idType: { type: ['uid', 'cid'] as const, required: true, readOnly: true },
        created: { type: 'number', required: true },
      },
      indexes: {
        bySurveyType: {
          pk: { field: 'pk', composite: ['surveyType'] },
          sk: { field: 'sk', composite: ['id', 'idType'] },
        },
      },
    }),
);
export type SurveyTargetItem = EntityItem<ReturnType<typeof SurveyTarget>>;
