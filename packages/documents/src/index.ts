export type {
  DomainDocument,
  DocumentAction,
  DocumentDecorators,
  DocumentCondition,
  DocumentEffect,
  DocumentSubtask,
  DocumentTaskRef,
  DocumentMethod,
  DocumentCompound,
  DocumentParallel,
  DocumentDelegate,
  DocumentRepeat,
  DocumentHtn,
  DocumentGoal,
  DocumentGoap,
  FunctionRef,
  OpaqueRef,
  DomainRegistry,
  RegistrySection,
} from './DomainDocument.js';
export { DOCUMENT_FIELDS } from './DomainDocument.js';
export { DomainDocumentError } from './DomainDocumentError.js';
export type { DocumentProblem } from './DomainDocumentError.js';
export { domainJsonSchema } from './domainJsonSchema.js';
export { validateDocument } from './validateDocument.js';
export { checkNames } from './checkNames.js';
export { documentToDefinitions } from './documentToDefinitions.js';
export type { DomainDefinitions } from './documentToDefinitions.js';
export { compileDefinitions } from './compileDefinitions.js';
export type { CompiledDomains } from './compileDefinitions.js';
export { loadDomain, checkDocument } from './loadDomain.js';
export type { LoadedDomain } from './loadDomain.js';
export { saveDomain, schemaToData, DEFAULT_SCHEMA_REF } from './saveDomain.js';
export { editDocument } from './editDocument.js';
export { lintDomain } from './lintDomain.js';
export type { LintOptions } from './lintDomain.js';
export type { LintCode, LintFinding } from './LintFinding.js';
