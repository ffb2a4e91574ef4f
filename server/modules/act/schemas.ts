import { Type } from 'typebox';
import { DISPLAY_EQUIPMENT } from '../../../src/protocol/site.ts';
import { Envelope, NoQuery, OptionalBody, StringEnum } from '../../http/schemas.ts';

// Wire shapes of the activity area (docs/api.md).

export const StationAd = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  imageUrl: Type.String(),
  linkUrl: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
});

const SuspensionIcon = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  imageUrl: Type.String(),
  linkUrl: Type.String(),
  displayEquipment: Type.String(),
});

export const PopInfo = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  content: Type.String(),
  imageUrl: Type.String(),
  linkUrl: Type.String(),
});

export const stationAdListSchema = {
  querystring: NoQuery,
  response: { 200: Envelope(Type.Array(StationAd)) },
};

export const suspensionIconSchema = {
  body: OptionalBody(
    Type.Object(
      {
        displayEquipment: Type.Optional(
          StringEnum(Object.values(DISPLAY_EQUIPMENT), { default: DISPLAY_EQUIPMENT.web }),
        ),
      },
      { additionalProperties: false },
    ),
  ),
  response: { 200: Envelope(Type.Array(SuspensionIcon)) },
};

export const popInfoSchema = {
  querystring: NoQuery,
  response: { 200: Envelope(Type.Union([PopInfo, Type.Null()])) },
};
