// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

import {ModularAccountCalls} from "./ModularAccountCalls.sol";
import {SingleSignerValidationModule} from "./SingleSignerValidationModule.sol";

/// What `getExecutionData(bytes4)` answers (ModularAccountV2's `ExecutionDataView`).
struct ExecutionDataView {
    address module;
    bool skipRuntimeValidation;
    bool allowGlobalValidation;
    bytes25[] executionHooks;
}

/// What `getValidationData(bytes24)` answers (ModularAccountV2's `ValidationDataView`).
struct ValidationDataView {
    uint8 validationFlags;
    bytes25[] validationHooks;
    bytes25[] executionHooks;
    bytes4[] selectors;
}

/// The validation bookkeeping and views of Sigil's ModularAccountV2 stand-in, with the audited contract's
/// selectors and return encodings:
/// - `installValidation(bytes25 validationConfig, bytes4[] selectors, bytes installData, bytes[] hooks)`
///   (validationConfig = module ‖ uint32 entityId ‖ flags: 1 user operations, 2 signatures, 4 global) and
///   `uninstallValidation(bytes24 moduleEntity, bytes uninstallData, bytes[] hookUninstallData)`: only the
///   SingleSignerValidation module, entity ids other than 0, no hooks (`installData` goes to the module's
///   `onInstall`, `abi.encode(uint32 entityId, address signer)`);
/// - `getValidationData(bytes24 moduleEntity)`: the flags and selectors installed for it, no hooks (all zero
///   for anything not installed, the fallback signer at entity 0 included, as on the audited account);
/// - `getExecutionData(bytes4 selector)`: the account itself for its native functions (global validation
///   allowed for the state-changing ones, runtime validation skipped for the views), zero otherwise; never hooks.
/// State lives in a namespaced slot, so it works behind a proxy and as an EIP-7702 delegate.
abstract contract ModularAccountV2Validations is ModularAccountCalls {
    SingleSignerValidationModule public immutable SINGLE_SIGNER_VALIDATION_MODULE;

    uint8 internal constant _USER_OP_VALIDATION_FLAG = 1;
    uint8 internal constant _SIGNATURE_VALIDATION_FLAG = 2;
    uint8 internal constant _GLOBAL_FLAG = 4;
    /// keccak256("sigil.modular-account-v2.validations")
    bytes32 private constant _VALIDATIONS_SLOT = 0x4cf53025418431b58509aa4dab7dfc9c929769200f982e0a16fa9c49a77839a9;

    struct Validation {
        uint8 flags;
        bytes4[] selectors;
    }

    struct Validations {
        mapping(uint32 entityId => Validation) byEntity;
    }

    event ValidationInstalled(address indexed module, uint32 indexed entityId);
    event ValidationUninstalled(address indexed module, uint32 indexed entityId, bool onUninstallSucceeded);

    error ValidationNotSupported(address module, uint32 entityId);
    error ValidationHooksNotSupported();
    error ValidationAlreadySet(address module, uint32 entityId);

    constructor(SingleSignerValidationModule singleSignerValidationModule) {
        SINGLE_SIGNER_VALIDATION_MODULE = singleSignerValidationModule;
    }

    function installValidation(
        bytes25 validationConfig,
        bytes4[] calldata selectors,
        bytes calldata installData,
        bytes[] calldata hooks
    ) external onlyAuthorized {
        (address module, uint32 entityId) = _parseModuleEntity(bytes24(validationConfig));
        _installValidation(module, entityId, uint8(uint200(validationConfig)), selectors, installData, hooks.length);
    }

    function uninstallValidation(bytes24 validationFunction, bytes calldata uninstallData, bytes[] calldata hookData)
        external
        onlyAuthorized
    {
        if (hookData.length != 0) revert ValidationHooksNotSupported();
        (address module, uint32 entityId) = _parseModuleEntity(validationFunction);
        _checkSupported(module, entityId);
        delete _validations().byEntity[entityId];
        (bool success,) =
            module.call(abi.encodeCall(SingleSignerValidationModule.onUninstall, (uninstallData)));
        emit ValidationUninstalled(module, entityId, success);
    }

    function getValidationData(bytes24 validationFunction) external view returns (ValidationDataView memory data) {
        (address module, uint32 entityId) = _parseModuleEntity(validationFunction);
        if (module != address(SINGLE_SIGNER_VALIDATION_MODULE) || entityId == 0) return data;
        Validation storage validation = _validations().byEntity[entityId];
        data.validationFlags = validation.flags;
        data.selectors = validation.selectors;
    }

    function getExecutionData(bytes4 selector) external view returns (ExecutionDataView memory data) {
        if (_isGlobalValidationAllowed(selector)) {
            data.module = address(this);
            data.allowGlobalValidation = true;
        } else if (_isNativeView(selector)) {
            data.module = address(this);
            data.skipRuntimeValidation = true;
        }
    }

    /// The flags installed for `entityId` of the SingleSignerValidation module (0: not installed).
    function _validationFlags(uint32 entityId) internal view returns (uint8) {
        return _validations().byEntity[entityId].flags;
    }

    function _installValidation(
        address module,
        uint32 entityId,
        uint8 flags,
        bytes4[] memory selectors,
        bytes memory installData,
        uint256 hookCount
    ) internal {
        _checkSupported(module, entityId);
        if (hookCount != 0) revert ValidationHooksNotSupported();
        Validation storage validation = _validations().byEntity[entityId];
        if (validation.flags != 0) revert ValidationAlreadySet(module, entityId);
        validation.flags = flags;
        validation.selectors = selectors;
        if (installData.length != 0) SINGLE_SIGNER_VALIDATION_MODULE.onInstall(installData);
        emit ValidationInstalled(module, entityId);
    }

    /// The state-changing functions the account itself implements, which global validations may call.
    function _isGlobalValidationAllowed(bytes4 selector) internal pure virtual returns (bool) {
        return selector == this.execute.selector || selector == this.executeBatch.selector
            || selector == this.installValidation.selector || selector == this.uninstallValidation.selector
            || selector == this.upgradeToAndCall.selector;
    }

    /// The account's own view functions (no runtime validation).
    function _isNativeView(bytes4 selector) internal pure virtual returns (bool) {
        return selector == this.getValidationData.selector || selector == this.getExecutionData.selector
            || selector == this.proxiableUUID.selector || selector == 0x1626ba7e // isValidSignature
            || selector == 0x01ffc9a7 // supportsInterface
            || selector == 0xb0d691fe // entryPoint
            || selector == 0x9cfd7cff; // accountId
    }

    function _checkSupported(address module, uint32 entityId) private view {
        if (module != address(SINGLE_SIGNER_VALIDATION_MODULE) || entityId == 0) {
            revert ValidationNotSupported(module, entityId);
        }
    }

    function _parseModuleEntity(bytes24 moduleEntity) private pure returns (address module, uint32 entityId) {
        module = address(bytes20(moduleEntity));
        entityId = uint32(uint192(moduleEntity));
    }

    function _validations() private pure returns (Validations storage validations) {
        bytes32 slot = _VALIDATIONS_SLOT;
        assembly {
            validations.slot := slot
        }
    }
}
