import { ArgumentsError, type Predicate } from '../../plugin.js';
import { COLLECTION_TYPE, FOLDER_BEHAVIOR, SLICE_TYPES } from './enums.js';
import { field, isObject, truthy } from './util.js';

/** The collection's type, read from a page's `collection` or from the collection itself. */
function collectionType(node: unknown): unknown {
  const collection = field(node, 'collection');
  return isObject(collection) ? collection.type : field(node, 'type');
}

export const collectionPredicates: Record<string, Predicate> = {
  'collection?': { test: (ctx) => truthy(field(ctx.node, 'collection')) },
  'collection-page?': { test: (ctx) => collectionType(ctx.node) === COLLECTION_TYPE.page },
  'collection-template-page?': { test: (ctx) => collectionType(ctx.node) === COLLECTION_TYPE.templatePage },
  'collectionTypeNameEquals?': {
    test: (ctx, args) => args.length > 0 && field(ctx.node, 'typeName') === args[0],
  },
  'folder?': { test: (ctx) => truthy(field(ctx.node, 'collection.folder')) },
  /** A folder whose landing page is an index of its children. */
  'index?': {
    test: (ctx) =>
      truthy(field(ctx.node, 'collection.folder')) &&
      field(ctx.node, 'collection.folderBehavior') === FOLDER_BEHAVIOR.index,
  },
  'redirect?': { test: (ctx) => field(ctx.node, 'folderBehavior') === FOLDER_BEHAVIOR.redirect },
  /** A navigation entry links somewhere unless it is a folder that neither indexes nor redirects. */
  'clickable?': {
    test(ctx) {
      const behavior = field(ctx.node, 'folderBehavior');
      return (
        behavior === undefined || behavior === FOLDER_BEHAVIOR.index || behavior === FOLDER_BEHAVIOR.redirect
      );
    },
  },
  /** `current-type? gallery`: the current slice type, named as in the slice type list. */
  'current-type?': {
    validate(args) {
      if (args[0] === undefined || !Object.hasOwn(SLICE_TYPES, args[0])) {
        throw new ArgumentsError(`current-type? needs a slice type name, got '${args[0] ?? ''}'`);
      }
    },
    test: (ctx, args) => args[0] !== undefined && field(ctx.node, 'currentType') === SLICE_TYPES[args[0]],
  },
};
