// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

import {ECDSA} from "solady/utils/ECDSA.sol";
import {SignatureCheckerLib} from "solady/utils/SignatureCheckerLib.sol";

/// Sigil's stand-in for the MA v1 MultiOwnerPlugin (placed at 0xcE0000007B008F50d762D155002600004cD6c647 on the
/// devnet). It keeps the owners of every account that installed it, keyed by the account (`msg.sender`), and
/// defines the EIP-712 domain MA v1 messages are signed in: name "Multi Owner Plugin", version "1.0.0", the
/// chain, the account as verifying contract, and salt = bytes32(bytes20(plugin address)). It holds no state of
/// its own outside those per-account maps, so it works when its runtime code is placed at the canonical address.
contract MultiOwnerPlugin {
    string public constant NAME = "Multi Owner Plugin";
    string public constant VERSION = "1.0.0";

    bytes32 private constant _DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract,bytes32 salt)");
    bytes32 private constant _MESSAGE_TYPEHASH = keccak256("AlchemyModularAccountMessage(bytes message)");

    mapping(address account => address[]) private _owners;
    mapping(address owner => mapping(address account => bool)) private _isOwner;

    event OwnerUpdated(address indexed account, address[] addedOwners, address[] removedOwners);

    error AlreadyInitialized();
    error EmptyOwnersNotAllowed();
    error InvalidOwner(address owner);
    error OwnerDoesNotExist(address owner);

    /// Sets the first owners of the calling account; `data` is `abi.encode(address[] owners)`.
    function onInstall(bytes calldata data) external {
        if (_owners[msg.sender].length != 0) revert AlreadyInitialized();
        address[] memory owners = abi.decode(data, (address[]));
        if (owners.length == 0) revert EmptyOwnersNotAllowed();
        for (uint256 i = 0; i < owners.length; ++i) {
            _add(msg.sender, owners[i]);
        }
        emit OwnerUpdated(msg.sender, owners, new address[](0));
    }

    /// Removes then adds owners of the calling account; the account must keep at least one owner.
    function updateOwners(address[] calldata ownersToAdd, address[] calldata ownersToRemove) external {
        for (uint256 i = 0; i < ownersToRemove.length; ++i) {
            _remove(msg.sender, ownersToRemove[i]);
        }
        for (uint256 i = 0; i < ownersToAdd.length; ++i) {
            _add(msg.sender, ownersToAdd[i]);
        }
        if (_owners[msg.sender].length == 0) revert EmptyOwnersNotAllowed();
        emit OwnerUpdated(msg.sender, ownersToAdd, ownersToRemove);
    }

    function ownersOf(address account) external view returns (address[] memory) {
        return _owners[account];
    }

    function isOwnerOf(address account, address ownerToCheck) public view returns (bool) {
        return _isOwner[ownerToCheck][account];
    }

    /// ERC-5267, for the calling account: the SDK reads it with `eth_call` from the account's address.
    function eip712Domain()
        external
        view
        returns (
            bytes1 fields,
            string memory name,
            string memory version,
            uint256 chainId,
            address verifyingContract,
            bytes32 salt,
            uint256[] memory extensions
        )
    {
        return (hex"1f", NAME, VERSION, block.chainid, msg.sender, bytes32(bytes20(address(this))), extensions);
    }

    /// The EIP-712 digest of `AlchemyModularAccountMessage(bytes message)` in `account`'s domain.
    function getMessageHash(address account, bytes memory message) public view returns (bytes32) {
        bytes32 domainSeparator = keccak256(
            abi.encode(
                _DOMAIN_TYPEHASH,
                keccak256(bytes(NAME)),
                keccak256(bytes(VERSION)),
                block.chainid,
                account,
                bytes32(bytes20(address(this)))
            )
        );
        bytes32 structHash = keccak256(abi.encode(_MESSAGE_TYPEHASH, keccak256(message)));
        return keccak256(abi.encodePacked(hex"1901", domainSeparator, structHash));
    }

    /// Whether `signature` over `digest` comes from an owner of `account`: an ECDSA signature of an EOA owner, or
    /// an ERC-1271 answer of a contract owner. Never reverts on a malformed signature.
    function isValidSignatureOf(address account, bytes32 digest, bytes calldata signature)
        external
        view
        returns (bool)
    {
        address signer = ECDSA.tryRecoverCalldata(digest, signature);
        if (signer != address(0) && isOwnerOf(account, signer)) return true;
        address[] storage owners = _owners[account];
        for (uint256 i = 0; i < owners.length; ++i) {
            address owner = owners[i];
            if (owner.code.length == 0) continue;
            if (SignatureCheckerLib.isValidERC1271SignatureNowCalldata(owner, digest, signature)) return true;
        }
        return false;
    }

    function _add(address account, address owner) private {
        if (owner == address(0) || _isOwner[owner][account]) revert InvalidOwner(owner);
        _isOwner[owner][account] = true;
        _owners[account].push(owner);
    }

    function _remove(address account, address owner) private {
        if (!_isOwner[owner][account]) revert OwnerDoesNotExist(owner);
        _isOwner[owner][account] = false;
        address[] storage owners = _owners[account];
        for (uint256 i = 0; i < owners.length; ++i) {
            if (owners[i] != owner) continue;
            owners[i] = owners[owners.length - 1];
            owners.pop();
            return;
        }
    }
}
