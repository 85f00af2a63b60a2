// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

import {IAccount} from "aa-contracts-07/interfaces/IAccount.sol";
import {IAccountExecute} from "aa-contracts-07/interfaces/IAccountExecute.sol";
import {PackedUserOperation} from "aa-contracts-07/interfaces/PackedUserOperation.sol";
import {ECDSA} from "solady/utils/ECDSA.sol";
import {SignatureCheckerLib} from "solady/utils/SignatureCheckerLib.sol";
import {ModularAccountCalls} from "./ModularAccountCalls.sol";

/// Sigil's stand-in for a semi-modular ModularAccountV2 (EntryPoint v0.7 layout): one signer, the "fallback
/// signer" at entity id 0, and no modules. ABI- and signature-compatible with what the SDK does with one:
/// - nonce key (upper 192 bits of the nonce) = (nonceKey << 40) + (entityId << 8) + flags; only entity 0 with the
///   global-validation flag (1) and no deferred action (2) validates;
/// - user operation signature: 0xFF ‖ type ‖ sig, type 0x00 = the signer's EIP-191 signature of the userOpHash,
///   type 0x01 = the signer contract's ERC-1271 answer for the userOpHash;
/// - ERC-1271: 0x00 ‖ uint32(entityId = 0) ‖ 0xFF ‖ type ‖ sig over the EIP-712 digest of
///   `ReplaySafeHash(bytes32 hash)` in the domain {chainId, verifyingContract: this account} (no name, no version);
/// - `executeUserOp` (0x8DD7712F) runs the rest of the call data as a call to itself.
/// Wrong or dummy signatures give SIG_VALIDATION_FAILED (1), never a revert. Its state lives in one namespaced slot
/// pair, so the same code works behind a proxy and as an EIP-7702 delegate.
abstract contract SemiModularAccountBase is IAccount, IAccountExecute, ModularAccountCalls {
    address public immutable ENTRY_POINT;

    bytes32 private constant _DOMAIN_TYPEHASH = keccak256("EIP712Domain(uint256 chainId,address verifyingContract)");
    bytes32 private constant _REPLAY_SAFE_HASH_TYPEHASH = keccak256("ReplaySafeHash(bytes32 hash)");
    bytes4 private constant _ERC1271_MAGIC_VALUE = 0x1626ba7e;
    bytes4 private constant _ERC1271_INVALID = 0xffffffff;
    uint256 private constant _SIG_VALIDATION_FAILED = 1;
    uint8 private constant _RESERVED_VALIDATION_DATA_INDEX = 0xff;
    uint8 private constant _SIGNATURE_TYPE_EOA = 0;
    uint8 private constant _SIGNATURE_TYPE_CONTRACT = 1;
    uint8 private constant _GLOBAL_VALIDATION_FLAG = 1;
    uint8 private constant _DEFERRED_ACTION_FLAG = 2;
    /// keccak256("sigil.modular-account-v2.signer"): the signer address (slot) and its disabled flag (slot + 1).
    bytes32 internal constant _SIGNER_SLOT = 0x26d4ded510519f23166f94da6cb69fc6441177cefe64983d298bccf24430ef30;

    event FallbackSignerUpdated(address indexed newFallbackSigner, bool isDisabled);

    error NotEntryPoint(address caller);

    constructor(address entryPoint) {
        ENTRY_POINT = entryPoint;
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
        _setSigner(fallbackSigner, isDisabled);
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
        if (signature.length < 7 || uint8(signature[0]) != 0 || bytes4(signature[1:5]) != bytes4(0)) {
            return _ERC1271_INVALID;
        }
        if (uint8(signature[5]) != _RESERVED_VALIDATION_DATA_INDEX) return _ERC1271_INVALID;
        if (_isSignedBySigner(replaySafeHash(hash), uint8(signature[6]), signature[7:])) return _ERC1271_MAGIC_VALUE;
        return _ERC1271_INVALID;
    }

    /// The EIP-712 digest the signer signs for an ERC-1271 `hash` of this account.
    function replaySafeHash(bytes32 hash) public view returns (bytes32) {
        bytes32 domainSeparator = keccak256(abi.encode(_DOMAIN_TYPEHASH, block.chainid, address(this)));
        bytes32 structHash = keccak256(abi.encode(_REPLAY_SAFE_HASH_TYPEHASH, hash));
        return keccak256(abi.encodePacked(hex"1901", domainSeparator, structHash));
    }

    /// The signer when none was stored: none behind a proxy, the EOA itself for a 7702 delegate.
    function _defaultSigner() internal view virtual returns (address);

    function _setSigner(address signer, bool isDisabled) internal {
        bytes32 slot = _SIGNER_SLOT;
        assembly {
            sstore(slot, signer)
            sstore(add(slot, 1), isDisabled)
        }
        emit FallbackSignerUpdated(signer, isDisabled);
    }

    function _isValidUserOpSignature(uint256 nonce, bytes32 userOpHash, bytes calldata signature)
        private
        view
        returns (bool)
    {
        uint192 key = uint192(nonce >> 64);
        uint32 entityId = uint32(key >> 8);
        uint8 flags = uint8(key);
        if (entityId != 0 || flags & _GLOBAL_VALIDATION_FLAG == 0 || flags & _DEFERRED_ACTION_FLAG != 0) return false;
        if (signature.length < 2 || uint8(signature[0]) != _RESERVED_VALIDATION_DATA_INDEX) return false;
        uint8 signatureType = uint8(signature[1]);
        bytes32 digest = signatureType == _SIGNATURE_TYPE_EOA ? ECDSA.toEthSignedMessageHash(userOpHash) : userOpHash;
        return _isSignedBySigner(digest, signatureType, signature[2:]);
    }

    function _isSignedBySigner(bytes32 digest, uint8 signatureType, bytes calldata signature)
        private
        view
        returns (bool)
    {
        (address signer, bool isDisabled) = getFallbackSignerData();
        if (signer == address(0) || isDisabled) return false;
        if (signatureType == _SIGNATURE_TYPE_EOA) return ECDSA.tryRecoverCalldata(digest, signature) == signer;
        if (signatureType == _SIGNATURE_TYPE_CONTRACT) {
            return SignatureCheckerLib.isValidERC1271SignatureNowCalldata(signer, digest, signature);
        }
        return false;
    }

    function _checkAuthorized() internal view override {
        if (msg.sender == ENTRY_POINT || msg.sender == address(this)) return;
        (address signer, bool isDisabled) = getFallbackSignerData();
        if (msg.sender == signer && !isDisabled) return;
        revert Unauthorized(msg.sender);
    }
}
