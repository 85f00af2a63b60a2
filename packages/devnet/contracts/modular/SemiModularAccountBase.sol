// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

import {IAccount} from "aa-contracts-07/interfaces/IAccount.sol";
import {IAccountExecute} from "aa-contracts-07/interfaces/IAccountExecute.sol";
import {PackedUserOperation} from "aa-contracts-07/interfaces/PackedUserOperation.sol";
import {ModularAccountV2Validations} from "./ModularAccountV2Validations.sol";
import {isValidSignerSignature, isValidSignerUserOpSignature} from "./SignerSignature.sol";
import {SingleSignerValidationModule} from "./SingleSignerValidationModule.sol";

/// Sigil's stand-in for a semi-modular ModularAccountV2 (EntryPoint v0.7 layout): the owner is the "fallback
/// signer" at entity id 0; other entity ids are signers kept by the SingleSignerValidation module. No other
/// modules. ABI- and signature-compatible with what the SDK does with one:
/// - nonce key (upper 192 bits of the nonce) = (nonceKey << 40) + (entityId << 8) + flags; only the
///   global-validation flag (1) without a deferred action (2) validates;
/// - user operation signature: 0xFF ‖ type ‖ sig (SignerSignature.sol: 0x00 EOA over the EIP-191 userOpHash,
///   0x01 the signer contract's ERC-1271 answer);
/// - ERC-1271: 0x00 ‖ uint32 entityId ‖ 0xFF ‖ type ‖ sig over the EIP-712 `ReplaySafeHash(bytes32 hash)` digest
///   in the domain {chainId, verifyingContract: this account} for entity 0 (no name, no version), or the module's
///   domain {chainId, verifyingContract: module, salt: 12 zero bytes ‖ account} for other entities;
/// - `executeUserOp` (0x8DD7712F) runs the rest of the call data as a call to itself.
/// Wrong or dummy signatures give SIG_VALIDATION_FAILED (1), never a revert. Its state lives in namespaced slots,
/// so the same code works behind a proxy and as an EIP-7702 delegate.
abstract contract SemiModularAccountBase is IAccount, IAccountExecute, ModularAccountV2Validations {
    address public immutable ENTRY_POINT;

    bytes32 private constant _DOMAIN_TYPEHASH = keccak256("EIP712Domain(uint256 chainId,address verifyingContract)");
    bytes32 private constant _REPLAY_SAFE_HASH_TYPEHASH = keccak256("ReplaySafeHash(bytes32 hash)");
    bytes4 private constant _ERC1271_MAGIC_VALUE = 0x1626ba7e;
    bytes4 private constant _ERC1271_INVALID = 0xffffffff;
    uint256 private constant _SIG_VALIDATION_FAILED = 1;
    uint8 private constant _RESERVED_VALIDATION_DATA_INDEX = 0xff;
    uint8 private constant _GLOBAL_VALIDATION_FLAG = 1;
    uint8 private constant _DEFERRED_ACTION_FLAG = 2;
    /// keccak256("sigil.modular-account-v2.signer"): the fallback signer (slot), its disabled flag (slot + 1) and
    /// whether the account was initialised (slot + 2).
    bytes32 internal constant _SIGNER_SLOT = 0x26d4ded510519f23166f94da6cb69fc6441177cefe64983d298bccf24430ef30;

    event FallbackSignerUpdated(address indexed newFallbackSigner, bool isDisabled);

    error NotEntryPoint(address caller);

    constructor(address entryPoint, SingleSignerValidationModule singleSignerValidationModule)
        ModularAccountV2Validations(singleSignerValidationModule)
    {
        ENTRY_POINT = entryPoint;
    }

    /// The audited implementation's id (`alchemy.sma-bytecode.1.0.0`, `alchemy.sma-7702.1.0.0`).
    function accountId() external pure virtual returns (string memory);

    /// ERC-165: itself, ERC-1271, and the ERC-721 / ERC-1155 receivers.
    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x01ffc9a7 || interfaceId == 0x1626ba7e || interfaceId == 0x150b7a02
            || interfaceId == 0x4e2312e0;
    }

    function entryPoint() external view returns (address) {
        return ENTRY_POINT;
    }

    /// The signer at entity id 0 and whether it is disabled.
    function getFallbackSignerData() public view returns (address signer, bool isDisabled) {
        bytes32 slot = _SIGNER_SLOT;
        assembly {
            signer := sload(slot)
            isDisabled := sload(add(slot, 1))
        }
        if (signer == address(0)) signer = _defaultSigner();
    }

    function updateFallbackSignerData(address fallbackSigner, bool isDisabled) external onlyAuthorized {
        _setFallbackSigner(fallbackSigner, isDisabled);
    }

    function validateUserOp(PackedUserOperation calldata userOp, bytes32 userOpHash, uint256 missingAccountFunds)
        external
        returns (uint256 validationData)
    {
        if (msg.sender != ENTRY_POINT) revert NotEntryPoint(msg.sender);
        if (!_isValidUserOpSignature(userOp.nonce, userOpHash, userOp.signature)) {
            validationData = _SIG_VALIDATION_FAILED;
        }
        _payPrefund(missingAccountFunds);
    }

    function executeUserOp(PackedUserOperation calldata userOp, bytes32) external {
        if (msg.sender != ENTRY_POINT) revert NotEntryPoint(msg.sender);
        _call(address(this), 0, userOp.callData[4:]);
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        // 0x00 ‖ uint32 entityId ‖ 0xFF ‖ signature type ‖ signature
        if (signature.length < 7 || uint8(signature[0]) != 0) return _ERC1271_INVALID;
        if (uint8(signature[5]) != _RESERVED_VALIDATION_DATA_INDEX) return _ERC1271_INVALID;
        uint32 entityId = uint32(bytes4(signature[1:5]));
        bytes32 digest =
            entityId == 0 ? replaySafeHash(hash) : SINGLE_SIGNER_VALIDATION_MODULE.replaySafeHash(address(this), hash);
        if (isValidSignerSignature(_signerOf(entityId, _SIGNATURE_VALIDATION_FLAG), digest, signature[6:])) {
            return _ERC1271_MAGIC_VALUE;
        }
        return _ERC1271_INVALID;
    }

    /// The EIP-712 digest the fallback signer signs for an ERC-1271 `hash` of this account.
    function replaySafeHash(bytes32 hash) public view returns (bytes32) {
        bytes32 domainSeparator = keccak256(abi.encode(_DOMAIN_TYPEHASH, block.chainid, address(this)));
        bytes32 structHash = keccak256(abi.encode(_REPLAY_SAFE_HASH_TYPEHASH, hash));
        return keccak256(abi.encodePacked(hex"1901", domainSeparator, structHash));
    }

    /// The signer when none was stored: none behind a proxy, the EOA itself for a 7702 delegate.
    function _defaultSigner() internal view virtual returns (address);

    /// Marks the account initialised; reverts if it already was.
    function _initializeOnce() internal {
        bytes32 slot = _SIGNER_SLOT;
        bool initialized;
        assembly {
            initialized := sload(add(slot, 2))
            sstore(add(slot, 2), 1)
        }
        if (initialized) revert AlreadyInitialized();
    }

    error AlreadyInitialized();

    function _setFallbackSigner(address signer, bool isDisabled) internal {
        bytes32 slot = _SIGNER_SLOT;
        assembly {
            sstore(slot, signer)
            sstore(add(slot, 1), isDisabled)
        }
        emit FallbackSignerUpdated(signer, isDisabled);
    }

    /// Entity 0: the fallback signer unless disabled; other entities: the module's signer for this account when
    /// the entity's validation is installed with `flag` (user operations or signatures).
    function _signerOf(uint32 entityId, uint8 flag) private view returns (address) {
        if (entityId != 0) {
            if (_validationFlags(entityId) & flag == 0) return address(0);
            return SINGLE_SIGNER_VALIDATION_MODULE.signers(entityId, address(this));
        }
        (address signer, bool isDisabled) = getFallbackSignerData();
        return isDisabled ? address(0) : signer;
    }

    function _isValidUserOpSignature(uint256 nonce, bytes32 userOpHash, bytes calldata signature)
        private
        view
        returns (bool)
    {
        uint192 key = uint192(nonce >> 64);
        uint8 flags = uint8(key);
        if (flags & _GLOBAL_VALIDATION_FLAG == 0 || flags & _DEFERRED_ACTION_FLAG != 0) return false;
        if (signature.length == 0 || uint8(signature[0]) != _RESERVED_VALIDATION_DATA_INDEX) return false;
        address signer = _signerOf(uint32(key >> 8), _USER_OP_VALIDATION_FLAG);
        return isValidSignerUserOpSignature(signer, userOpHash, signature[1:]);
    }

    function _checkAuthorized() internal view override {
        if (msg.sender == ENTRY_POINT || msg.sender == address(this)) return;
        if (msg.sender == _signerOf(0, 0)) return;
        revert Unauthorized(msg.sender);
    }
}
