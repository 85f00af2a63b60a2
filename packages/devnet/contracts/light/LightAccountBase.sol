// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

import {ECDSA} from "solady/utils/ECDSA.sol";
import {EIP712} from "solady/utils/EIP712.sol";
import {Initializable} from "solady/utils/Initializable.sol";
import {SignatureCheckerLib} from "solady/utils/SignatureCheckerLib.sol";
import {UUPSUpgradeable} from "solady/utils/UUPSUpgradeable.sol";
import {Receiver} from "solady/accounts/Receiver.sol";
import {ILightEntryPoint} from "./ILightEntryPoint.sol";

/// @title LightAccountBase
/// @notice Sigil's stand-in for the parts every LightAccount version shares: calls, the EntryPoint deposit,
/// the ERC-1271 message hash (`LightAccountMessage(bytes message)`), signature helpers and UUPS upgrades.
/// A compatible re-implementation for local development, not Alchemy's audited contract.
/// @dev Deployed implementations are placed at canonical addresses by copying runtime code, so the constructor
/// may only set immutables; accounts are ERC-1967 proxies initialised once through `initialize`.
abstract contract LightAccountBase is UUPSUpgradeable, EIP712, Initializable, Receiver {
    /// @dev `keccak256("LightAccountMessage(bytes message)")`.
    bytes32 internal constant _MESSAGE_TYPEHASH = keccak256("LightAccountMessage(bytes message)");

    /// @dev ERC-1271 answers.
    bytes4 internal constant _ERC1271_VALID = 0x1626ba7e;
    bytes4 internal constant _ERC1271_INVALID = 0xffffffff;

    /// @dev ERC-4337 validation results.
    uint256 internal constant _SIG_VALIDATION_SUCCESS = 0;
    uint256 internal constant _SIG_VALIDATION_FAILED = 1;

    /// @dev Leading signature-type bytes of the v2 formats.
    uint8 internal constant _SIGNATURE_TYPE_EOA = 0x00;
    uint8 internal constant _SIGNATURE_TYPE_CONTRACT = 0x01;
    uint8 internal constant _SIGNATURE_TYPE_CONTRACT_WITH_ADDR = 0x02;

    address internal immutable _ENTRY_POINT;

    error ArrayLengthMismatch();
    error NotAuthorized(address caller);

    modifier onlyEntryPoint() {
        if (msg.sender != _ENTRY_POINT) revert NotAuthorized(msg.sender);
        _;
    }

    /// @dev The EntryPoint, the account itself (a call made through `execute`) or an owner. The EntryPoint only
    /// calls after `validateUserOp` accepted an owner's signature.
    modifier onlyAuthorized() {
        if (msg.sender != _ENTRY_POINT && msg.sender != address(this) && !_isOwner(msg.sender)) {
            revert NotAuthorized(msg.sender);
        }
        _;
    }

    constructor(address anEntryPoint) {
        _ENTRY_POINT = anEntryPoint;
        _disableInitializers();
    }

    /// @notice The EntryPoint this account trusts.
    function entryPoint() public view returns (address) {
        return _ENTRY_POINT;
    }

    /// @notice Calls `dest` with `value` and `func`, bubbling up a revert.
    function execute(address dest, uint256 value, bytes calldata func) external onlyAuthorized {
        _call(dest, value, func);
    }

    /// @notice Calls each `dest[i]` with `func[i]` and no value.
    function executeBatch(address[] calldata dest, bytes[] calldata func) external onlyAuthorized {
        if (dest.length != func.length) revert ArrayLengthMismatch();
        for (uint256 i; i < dest.length; ++i) {
            _call(dest[i], 0, func[i]);
        }
    }

    /// @notice Calls each `dest[i]` with `value[i]` (or no value when `value` is empty) and `func[i]`.
    function executeBatch(address[] calldata dest, uint256[] calldata value, bytes[] calldata func)
        external
        onlyAuthorized
    {
        if (dest.length != func.length || (value.length != 0 && value.length != func.length)) {
            revert ArrayLengthMismatch();
        }
        for (uint256 i; i < dest.length; ++i) {
            _call(dest[i], value.length == 0 ? 0 : value[i], func[i]);
        }
    }

    /// @notice The account's nonce for key 0 at the EntryPoint.
    function getNonce() external view returns (uint256) {
        return ILightEntryPoint(_ENTRY_POINT).getNonce(address(this), 0);
    }

    /// @notice The account's deposit at the EntryPoint.
    function getDeposit() external view returns (uint256) {
        return ILightEntryPoint(_ENTRY_POINT).balanceOf(address(this));
    }

    /// @notice Adds the sent value to the account's deposit at the EntryPoint.
    function addDeposit() external payable {
        ILightEntryPoint(_ENTRY_POINT).depositTo{value: msg.value}(address(this));
    }

    /// @notice Withdraws from the account's deposit at the EntryPoint.
    function withdrawDepositTo(address payable withdrawAddress, uint256 amount) external onlyAuthorized {
        ILightEntryPoint(_ENTRY_POINT).withdrawTo(withdrawAddress, amount);
    }

    /// @notice ERC-165: ERC-165 itself and the ERC-721 / ERC-1155 receiver callbacks the fallback answers.
    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x01ffc9a7 || interfaceId == 0x150b7a02 || interfaceId == 0x4e2312e0;
    }

    /// @notice The EIP-712 digest an owner signs so that `message` is accepted by `isValidSignature`:
    /// `LightAccountMessage(bytes message)` in this account's domain.
    function getMessageHash(bytes memory message) public view returns (bytes32) {
        return _hashTypedData(keccak256(abi.encode(_MESSAGE_TYPEHASH, keccak256(message))));
    }

    /// @notice ERC-1271: `signature` must be an owner's signature over `getMessageHash(abi.encode(hash))`.
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        return _isValidMessageSignature(getMessageHash(abi.encode(hash)), signature)
            ? _ERC1271_VALID
            : _ERC1271_INVALID;
    }

    /// @dev Whether `signature` is valid for the replay-safe `digest` (ERC-1271).
    function _isValidMessageSignature(bytes32 digest, bytes calldata signature) internal view virtual returns (bool);

    /// @dev Whether `account` is an owner.
    function _isOwner(address account) internal view virtual returns (bool);

    /// @dev `signer` is a non-zero EOA that produced the ECDSA `signature` over `digest`. Never reverts.
    function _isValidEOASignature(address signer, bytes32 digest, bytes calldata signature)
        internal
        view
        returns (bool)
    {
        return signer != address(0) && ECDSA.tryRecoverCalldata(digest, signature) == signer;
    }

    /// @dev `signer` is a contract that accepts `signature` over `hash` through ERC-1271. Never reverts.
    function _isValidContractSignature(address signer, bytes32 hash, bytes calldata signature)
        internal
        view
        returns (bool)
    {
        return signer.code.length != 0 && SignatureCheckerLib.isValidERC1271SignatureNowCalldata(signer, hash, signature);
    }

    /// @dev Pays the EntryPoint what it asks for; a failed transfer is the EntryPoint's to detect.
    function _payPrefund(uint256 missingAccountFunds) internal {
        if (missingAccountFunds != 0) {
            (bool success,) = payable(msg.sender).call{value: missingAccountFunds}("");
            (success);
        }
    }

    function _call(address target, uint256 value, bytes calldata data) internal {
        (bool success, bytes memory result) = target.call{value: value}(data);
        if (!success) {
            assembly ("memory-safe") {
                revert(add(result, 32), mload(result))
            }
        }
    }

    function _authorizeUpgrade(address) internal view override onlyAuthorized {}
}
